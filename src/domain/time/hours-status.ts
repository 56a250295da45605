import { Temporal } from 'temporal-polyfill';
import type { Hours } from './hours.schema.js';
import { type HoursChange, dayContext, isOpen, nextChange } from './hours.js';
import { type InstantInput, toInstant } from './instant-input.js';
import { HOUR_MS, MINUTE_MS, formatTimeOfDay } from './wall-clock.js';
import { formatWallTime } from '../format/clock.js';

export interface HoursStatus {
  open: boolean;
  /** Label of the date override in force on the organization's current date. */
  label?: string;
  nextChange?: HoursChange;
  /** e.g. "Open now · closes 17:00 (in 2 h 13 min)", "Closed · Thanksgiving · opens Fri 08:00". */
  text: string;
}

const SEP = ' · ';
/** Beyond this the countdown is noise next to the weekday. */
const COUNTDOWN_LIMIT_MS = 12 * HOUR_MS;

/** "2 h 13 min", rounded up so a countdown never reads 0 before the change. */
export function formatCountdown(ms: number): string {
  const total = Math.max(1, Math.ceil(ms / MINUTE_MS));
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/**
 * When the change happens, in the organization's zone: "17:00" today, "Fri 08:00" within the
 * week, "Mon, Jan 4 08:00" further out. Times are 24-hour unless a country is given, then in its
 * clock ("5:00 PM" in the US, as the hours editor shows them); `locale` names the weekday and month.
 */
function formatWhen(now: Temporal.ZonedDateTime, at: Temporal.ZonedDateTime, locale: string, country: string | null | undefined): string {
  const hhmm = formatTimeOfDay(at.hour * 60 + at.minute);
  const time = country === undefined ? hhmm : formatWallTime(hhmm, country);
  const days = now.toPlainDate().until(at.toPlainDate()).days;
  if (days === 0) return time;
  const options: Intl.DateTimeFormatOptions =
    days < 7 ? { weekday: 'short' } : { weekday: 'short', month: 'short', day: 'numeric' };
  return `${at.toLocaleString(locale, options)} ${time}`;
}

export function describeStatus(hours: Hours, at: InstantInput, locale = 'en-US', country?: string | null): HoursStatus {
  const instant = toInstant(at);
  const open = isOpen(hours, instant);
  const change = nextChange(hours, instant);
  const { label } = dayContext(hours, instant);
  const parts = [open ? 'Open now' : 'Closed'];
  if (label !== undefined) parts.push(label);
  if (change) {
    const now = instant.toZonedDateTimeISO(hours.timeZone);
    const when = change.at.toZonedDateTimeISO(hours.timeZone);
    const untilMs = change.at.epochMilliseconds - instant.epochMilliseconds;
    const countdown = untilMs < COUNTDOWN_LIMIT_MS ? ` (in ${formatCountdown(untilMs)})` : '';
    parts.push(`${change.opens ? 'opens' : 'closes'} ${formatWhen(now, when, locale, country)}${countdown}`);
  } else {
    parts.push(open ? 'open around the clock' : 'no upcoming opening hours');
  }
  const status: HoursStatus = { open, text: parts.join(SEP) };
  if (label !== undefined) status.label = label;
  if (change) status.nextChange = change;
  return status;
}
