import { Temporal } from 'temporal-polyfill';
import { dayContext, nextChange, openIntervals } from './hours.js';
import type { Hours } from './hours.schema.js';

/** One calendar date's office hours, as a person would read them off the door. */
export interface DayHours {
  /** YYYY-MM-DD in the organization's zone. */
  date: string;
  /** 1 (Monday) to 7 (Sunday). */
  dayOfWeek: number;
  /** Wall times "HH:MM" in the zone; an interval running past midnight ends "24:00" here, one running in from the day before starts "00:00". */
  intervals: { start: string; end: string }[];
  /** The date override that governs the date, when one does (a holiday, special hours). */
  label: string | null;
  /** The first opening after the date when it has no open time (within the engine's horizon). */
  nextOpening: Temporal.Instant | null;
}

const hhmm = (z: Temporal.ZonedDateTime) => `${String(z.hour).padStart(2, '0')}:${String(z.minute).padStart(2, '0')}`;

/**
 * The open time of one date in the hours' zone, by the same engine as open-now (overrides and
 * daylight-saving days included), so "are you open Saturday?" and the hours page never disagree.
 */
export function hoursOnDate(hours: Hours, isoDate: string): DayHours {
  const day = Temporal.PlainDate.from(isoDate);
  const start = day.toZonedDateTime({ timeZone: hours.timeZone });
  const end = day.add({ days: 1 }).toZonedDateTime({ timeZone: hours.timeZone });
  const intervals = openIntervals(hours, start.toInstant(), end.toInstant()).map((iv) => ({
    start: hhmm(iv.start.toZonedDateTimeISO(hours.timeZone)),
    end: Temporal.Instant.compare(iv.end, end.toInstant()) >= 0 ? '24:00' : hhmm(iv.end.toZonedDateTimeISO(hours.timeZone)),
  }));
  let nextOpening: Temporal.Instant | null = null;
  if (intervals.length === 0) {
    const change = nextChange(hours, end.toInstant().subtract({ nanoseconds: 1 }));
    nextOpening = change?.opens ? change.at : null;
  }
  return { date: day.toString(), dayOfWeek: day.dayOfWeek, intervals, label: dayContext(hours, start.toInstant()).label ?? null, nextOpening };
}
