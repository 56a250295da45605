import { Temporal } from 'temporal-polyfill';
import type { StartedWindow } from './calls.repository.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const isCalendarDate = (value: string | undefined): value is string => value !== undefined && ISO_DATE.test(value);

/** The instant a bound stands for: a date starts (or, as an upper bound, ends) in `timeZone`. */
export function boundInstant(value: string, timeZone: string, edge: 'from' | 'to'): Date {
  if (!isCalendarDate(value)) return new Date(value);
  const day = Temporal.PlainDate.from(value);
  const start = (edge === 'to' ? day.add({ days: 1 }) : day).toZonedDateTime({ timeZone });
  return new Date(start.epochMilliseconds);
}

/** The start of today in `timeZone` at `now`. */
export function startOfToday(now: Date, timeZone: string): Date {
  const zoned = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone).startOfDay();
  return new Date(zoned.epochMilliseconds);
}

export function groupByZone<T extends { id: string; timeZone: string }>(organizations: readonly T[]): Map<string, string[]> {
  const zones = new Map<string, string[]>();
  for (const o of organizations) {
    const ids = zones.get(o.timeZone);
    if (ids) ids.push(o.id);
    else zones.set(o.timeZone, [o.id]);
  }
  return zones;
}

/**
 * A date range read in each organization's own zone: one window per zone (restricted to that
 * zone's organizations when there are several zones), plus the envelope around them all so the
 * query can still range-scan `started_at`. Instants are the same everywhere: one window.
 */
export function startedWindows(
  range: { from?: string; to?: string },
  organizations: readonly { id: string; timeZone: string }[],
): { windows?: StartedWindow[]; envelope?: { from?: Date; to?: Date } } {
  if (!range.from && !range.to) return {};
  if (!isCalendarDate(range.from) && !isCalendarDate(range.to)) {
    const from = range.from ? new Date(range.from) : undefined;
    const to = range.to ? new Date(range.to) : undefined;
    return { envelope: { from, to } };
  }
  const zones = groupByZone(organizations);
  if (zones.size === 0) return { envelope: { from: range.from ? boundInstant(range.from, 'UTC', 'from') : undefined, to: range.to ? boundInstant(range.to, 'UTC', 'to') : undefined } };
  const windows: StartedWindow[] = [];
  for (const [zone, ids] of zones) {
    windows.push({
      organizationIds: zones.size === 1 ? null : ids,
      from: range.from ? boundInstant(range.from, zone, 'from') : undefined,
      to: range.to ? boundInstant(range.to, zone, 'to') : undefined,
    });
  }
  const froms = windows.map((w) => w.from?.getTime()).filter((t): t is number => t !== undefined);
  const tos = windows.map((w) => w.to?.getTime()).filter((t): t is number => t !== undefined);
  return {
    windows: zones.size === 1 ? undefined : windows,
    envelope: {
      from: froms.length ? new Date(Math.min(...froms)) : undefined,
      to: tos.length ? new Date(Math.max(...tos)) : undefined,
    },
  };
}
