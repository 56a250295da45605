import { Temporal } from 'temporal-polyfill';
import { isOpen, nextChange, type Hours } from '../time/index.js';

export type DayPart = 'morning' | 'afternoon' | 'evening';

/**
 * When the practice will call about a new request, from its hours, as data the patient pages
 * word in the patient's language:
 * - `today`: open now with time to spare — "today before 17:00";
 * - `later_today`: opens again later today — "today after 14:00";
 * - `tomorrow` / `weekday` / `date`: the next opening's day and part of day — "Monday morning";
 * - `soon`: open around the clock; `unknown`: no opening hours on record.
 */
export type CallbackWindow =
  | { kind: 'today'; until: string }
  | { kind: 'later_today'; from: string }
  | { kind: 'tomorrow'; part: DayPart }
  | { kind: 'weekday'; weekday: number; part: DayPart }
  | { kind: 'date'; date: string; part: DayPart }
  | { kind: 'soon' }
  | { kind: 'unknown' };

/** A request that arrives this close to closing waits for the next opening. */
export const LAST_CALL_MINUTES = 30;

const hhmm = (z: Temporal.ZonedDateTime) => `${String(z.hour).padStart(2, '0')}:${String(z.minute).padStart(2, '0')}`;
const partOf = (z: Temporal.ZonedDateTime): DayPart => (z.hour < 12 ? 'morning' : z.hour < 17 ? 'afternoon' : 'evening');

export function callbackWindow(hours: Hours, nowMs: number): CallbackWindow {
  const now = Temporal.Instant.fromEpochMilliseconds(nowMs);
  const local = now.toZonedDateTimeISO(hours.timeZone);
  let from = now;
  if (isOpen(hours, now)) {
    const close = nextChange(hours, now);
    if (!close) return { kind: 'soon' };
    if (close.at.epochMilliseconds - nowMs >= LAST_CALL_MINUTES * 60_000) {
      return { kind: 'today', until: hhmm(close.at.toZonedDateTimeISO(hours.timeZone)) };
    }
    from = close.at;
  }
  const open = nextChange(hours, from);
  if (!open || !open.opens) return { kind: 'unknown' };
  const at = open.at.toZonedDateTimeISO(hours.timeZone);
  const days = local.toPlainDate().until(at.toPlainDate()).days;
  if (days === 0) return { kind: 'later_today', from: hhmm(at) };
  if (days === 1) return { kind: 'tomorrow', part: partOf(at) };
  if (days < 7) return { kind: 'weekday', weekday: at.dayOfWeek, part: partOf(at) };
  return { kind: 'date', date: at.toPlainDate().toString(), part: partOf(at) };
}
