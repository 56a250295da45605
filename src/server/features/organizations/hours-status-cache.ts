import { Temporal } from 'temporal-polyfill';
import { formatCountdown, isOpen, nextChange, type Hours } from '../../../domain/time/index.js';
import { dayContext } from '../../../domain/time/hours.js';

/**
 * Open/closed status of many organizations at once, cheaply. Two layers, both keyed by what
 * the database says, so a second node (or a restart) computes the same answers:
 *
 * 1. The parsed `Hours` per organization, kept while its hours version and zone are unchanged.
 * 2. The status, kept until it can next differ: the next open/close change, the organization's
 *    next local midnight (the date, and so the override label and the weekday wording, changes
 *    there), or the moment the countdown appears. Between those only the countdown moves, and
 *    it is recomputed with the domain's own formatter.
 *
 * The text is the domain's `describeStatus(hours, now)`, word for word, built from the same
 * engine calls (isOpen, nextChange, dayContext) but with the weekday formatters kept per zone:
 * Temporal's toLocaleString builds a new Intl.DateTimeFormat on every call, which made one
 * status cost about a millisecond. `hours-status-cache.unit.test.ts` checks the equality
 * against describeStatus at many instants, zones and hours (property-based).
 */

/** describeStatus shows "(in 2 h 13 min)" only when the change is closer than this. */
const COUNTDOWN_LIMIT_MS = 12 * 3_600_000;
const MINUTE_MS = 60_000;

export interface OrganizationStatus {
  open: boolean;
  label: string | null;
  /** `at` in epoch ms and as an ISO string (kept, so a thousand answers do not format it again). */
  nextChange: { at: number; iso: string; opens: boolean } | null;
  text: string;
  /** Until when this exact answer holds (the countdown's next tick, or the window's end). */
  until: number;
}

interface StatusWindow {
  from: number;
  until: number;
  open: boolean;
  label: string | null;
  nextChange: { at: number; iso: string; opens: boolean } | null;
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
    if (w.countdown && w.nextChange) {
      // "(in 3 min)" rounds up, so it reads the same until the remaining time drops a minute.
      const minutes = Math.ceil((w.nextChange.at - nowMs) / MINUTE_MS);
      const until = Math.min(w.until, w.nextChange.at - (minutes - 1) * MINUTE_MS);
      return { open: w.open, label: w.label, nextChange: w.nextChange, text: `${w.prefix} (in ${formatCountdown(w.nextChange.at - nowMs)})`, until };
    }
    return { open: w.open, label: w.label, nextChange: w.nextChange, text: w.prefix, until: w.until };
  }
}

function keyOf(version: number, timeZone: string): string {
  return `${version}@${timeZone}`;
}

const SEP = ' · ';
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Weekday (and, a week or more ahead, the date) in the zone, as describeStatus words it. */
function dayWords(zone: string, withDate: boolean, ms: number): string {
  const key = `${zone}|${withDate ? 1 : 0}`;
  let f = formatters.get(key);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', withDate ? { weekday: 'short', month: 'short', day: 'numeric', timeZone: zone } : { weekday: 'short', timeZone: zone });
    formatters.set(key, f);
  }
  return f.format(ms);
}

const hhmm = (z: Temporal.ZonedDateTime) => `${String(z.hour).padStart(2, '0')}:${String(z.minute).padStart(2, '0')}`;

function computeWindow(hours: Hours, nowMs: number): StatusWindow {
  const zone = hours.timeZone;
  const open = isOpen(hours, nowMs);
  const change = nextChange(hours, nowMs);
  const label = dayContext(hours, nowMs).label ?? null;
  const now = Temporal.Instant.fromEpochMilliseconds(nowMs).toZonedDateTimeISO(zone);
  const midnight = now.toPlainDate().add({ days: 1 }).toZonedDateTime({ timeZone: zone }).epochMilliseconds;

  const parts = [open ? 'Open now' : 'Closed'];
  if (label !== null) parts.push(label);
  let until = midnight;
  let countdown = false;
  if (change) {
    const changeAt = change.at.epochMilliseconds;
    const when = change.at.toZonedDateTimeISO(zone);
    const days = now.toPlainDate().until(when.toPlainDate()).days;
    const time = hhmm(when);
    parts.push(`${change.opens ? 'opens' : 'closes'} ${days === 0 ? time : `${dayWords(zone, days >= 7, changeAt)} ${time}`}`);
    countdown = changeAt - nowMs < COUNTDOWN_LIMIT_MS;
    until = Math.min(until, changeAt);
    if (!countdown) until = Math.min(until, changeAt - COUNTDOWN_LIMIT_MS);
  } else {
    parts.push(open ? 'open around the clock' : 'no upcoming opening hours');
  }
  return {
    from: nowMs,
    until: Math.max(until, nowMs + 1),
    open,
    label,
    nextChange: change ? { at: change.at.epochMilliseconds, iso: new Date(change.at.epochMilliseconds).toISOString(), opens: change.opens } : null,
    prefix: parts.join(SEP),
    countdown,
  };
}
