import type { AppContext } from '../app-context.js';
import type { CallOrganization } from './call-lookups.repository.js';

/**
 * The organizations new calls were last routed to, by number (or id, for the simulator), so a
 * call's first answer needs no query of its own. Not a source of truth: the call's insert checks
 * the stamp the organization was read under (organization-stamp.ts), and a call started from an
 * organization that changed since is not stored; the entry is dropped and the call is started
 * again from a fresh read. Entries also lapse after a minute, so a number nobody calls is not
 * kept.
 */
class CallOrganizationCache {
  private readonly entries = new Map<string, { found: CallOrganization; at: number }>();

  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string, now: number): CallOrganization | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.at + this.ttlMs <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.found;
  }

  put(key: string, found: CallOrganization, now: number): void {
    this.entries.delete(key);
    this.entries.set(key, { found, at: now });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  forget(key: string): void {
    this.entries.delete(key);
  }
}

const caches = new WeakMap<AppContext, CallOrganizationCache>();

export function callOrganizations(ctx: AppContext): CallOrganizationCache {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new CallOrganizationCache(1000, 60_000)));
  return cache;
}
