import { Temporal } from 'temporal-polyfill';
import { describeStatus, formatCountdown, type Hours } from '../../../domain/time/index.js';

/**
 * Open/closed status of many organizations at once, cheaply. Two layers, both keyed by what
 * the database says, so a second node (or a restart) computes the same answers:
 *
 * 1. The parsed `Hours` per organization, kept while its hours version and zone are unchanged.
 * 2. The result of `describeStatus`, kept until it can next differ: the next open/close change,
 *    the organization's next local midnight (the date, and so the override label and the
 *    weekday wording, changes there), or the moment the countdown appears. Between those only
 *    the countdown moves, and it is recomputed with the domain's own formatter.
 *
 * The answer is the same text `describeStatus(hours, now)` gives; `hours-status-cache.test.ts`
 * checks that against the domain at many instants.
 */

/** describeStatus shows "(in 2 h 13 min)" only when the change is closer than this. */
const COUNTDOWN_LIMIT_MS = 12 * 3_600_000;
const COUNTDOWN = / \(in [^)]+\)$/;

export interface OrganizationStatus {
  open: boolean;
  label: string | null;
  nextChange: { at: number; opens: boolean } | null;
  text: string;
}

interface StatusWindow {
  from: number;
  until: number;
  open: boolean;
  label: string | null;
  nextChange: { at: number; opens: boolean } | null;
  /** The text without its countdown. */
  prefix: string;
  countdown: boolean;
}

interface Entry {
  key: string;
  hours: Hours;
  window: StatusWindow | null;
}

export class HoursStatusCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries = 20_000) {}

  /** Whether hours for this organization at this version and zone are cached. */
  has(organizationId: string, version: number, timeZone: string): boolean {
    return this.entries.get(organizationId)?.key === keyOf(version, timeZone);
  }

  put(organizationId: string, version: number, hours: Hours): void {
    if (this.entries.size >= this.maxEntries && !this.entries.has(organizationId)) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(organizationId, { key: keyOf(version, hours.timeZone), hours, window: null });
  }

  /** The status at `nowMs`; the hours must have been `put` at this version and zone. */
  status(organizationId: string, version: number, timeZone: string, nowMs: number): OrganizationStatus {
    const entry = this.entries.get(organizationId);
    if (!entry || entry.key !== keyOf(version, timeZone)) throw new Error(`hours of ${organizationId} v${version} are not cached`);
    let w = entry.window;
    if (w === null || nowMs < w.from || nowMs >= w.until) {
      w = entry.window = computeWindow(entry.hours, nowMs);
    }
    const text = w.countdown && w.nextChange ? `${w.prefix} (in ${formatCountdown(w.nextChange.at - nowMs)})` : w.prefix;
    return { open: w.open, label: w.label, nextChange: w.nextChange, text };
  }

  clear(): void {
    this.entries.clear();
  }
}

function keyOf(version: number, timeZone: string): string {
  return `${version}@${timeZone}`;
}

function computeWindow(hours: Hours, nowMs: number): StatusWindow {
  const status = describeStatus(hours, nowMs);
  const changeAt = status.nextChange ? status.nextChange.at.epochMilliseconds : null;
  const countdown = COUNTDOWN.test(status.text);
  const midnight = Temporal.Instant.fromEpochMilliseconds(nowMs)
    .toZonedDateTimeISO(hours.timeZone)
    .startOfDay()
    .add({ days: 1 })
    .startOfDay().epochMilliseconds;
  let until = midnight;
  if (changeAt !== null) {
    until = Math.min(until, changeAt);
    if (!countdown) until = Math.min(until, changeAt - COUNTDOWN_LIMIT_MS);
  }
  return {
    from: nowMs,
    until: Math.max(until, nowMs + 1),
    open: status.open,
    label: status.label ?? null,
    nextChange: status.nextChange ? { at: status.nextChange.at.epochMilliseconds, opens: status.nextChange.opens } : null,
    prefix: status.text.replace(COUNTDOWN, ''),
    countdown,
  };
}
