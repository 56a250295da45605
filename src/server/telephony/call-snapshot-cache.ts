import type { AppContext } from '../app-context.js';
import type { CallRef, CallSnapshot } from './call-records.repository.js';

/**
 * The calls this process is talking to, as it last stored them, so a turn usually needs one
 * query (its write) instead of two. Not a source of truth: the write numbers its events after
 * the cached last `seq`, so if anything else wrote to the call meanwhile (another web process,
 * a status callback, a repeated webhook) the unique `(call_id, seq)` / dedupe index refuses it,
 * the entry is dropped and the turn is redone from the database. A request for another turn than
 * the cached one always reads the database (that is how repeats find their stored answer).
 */
class CallSnapshotCache {
  private readonly entries = new Map<string, CallSnapshot>();

  constructor(private readonly max: number) {}

  /** The call as last stored, removed from the cache until `put` brings it back. */
  take(ref: CallRef): CallSnapshot | undefined {
    const snap = this.entries.get(keyOf(ref));
    if (snap) this.forget(snap);
    return snap;
  }

  /** Remembers a call; the least recently stored go first when the cache is full. */
  put(snap: CallSnapshot): void {
    const entry = { ...snap, replay: null };
    for (const key of keysOf(snap)) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    while (this.entries.size > this.max * 2) this.entries.delete(this.entries.keys().next().value!);
  }

  forget(snap: Pick<CallSnapshot, 'id' | 'provider'> & { providerCallId?: string }): void {
    this.entries.delete(keyOf({ callId: snap.id }));
    if (snap.providerCallId) this.entries.delete(keyOf({ provider: snap.provider, providerCallId: snap.providerCallId }));
  }

  forgetRef(ref: CallRef): void {
    const snap = this.entries.get(keyOf(ref));
    this.entries.delete(keyOf(ref));
    if (snap) this.forget(snap);
  }
}

function keyOf(ref: CallRef): string {
  return 'callId' in ref ? `id:${ref.callId}` : `${ref.provider}:${ref.providerCallId}`;
}

function keysOf(snap: Pick<CallSnapshot, 'id' | 'provider' | 'providerCallId'>): string[] {
  return [keyOf({ callId: snap.id }), keyOf({ provider: snap.provider, providerCallId: snap.providerCallId })];
}

const caches = new WeakMap<AppContext, CallSnapshotCache>();

/** At most this many live calls are remembered per process (a few KB each). */
const MAX_CALLS = 2000;

export function callSnapshots(ctx: AppContext): CallSnapshotCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new CallSnapshotCache(MAX_CALLS);
    caches.set(ctx, cache);
  }
  return cache;
}
