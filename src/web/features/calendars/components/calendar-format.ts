import { formatWallTime } from '@domain/format/clock';
import type { VisitType } from '@contracts/calendars';
import type { BadgeProps } from '@web/components/ui/badge';
import { formatCalendarDay } from '@web/lib/format-date';

export type BookingChannel = VisitType['bookableBy'][number];
export type VisitStatus = 'held' | 'booked' | 'confirmed' | 'completed' | 'canceled' | 'no_show';
/**
 * How a visit shows: its status, except that a booked or confirmed visit whose time is over shows
 * as ended — past, waiting to be marked completed or a no-show — rather than as still to come.
 * "Ended" is not a status: the record stays booked or confirmed until someone marks it.
 */
export type ShownStatus = VisitStatus | 'ended';

export function shownStatus(v: { status: VisitStatus; end: string }, nowMs: number): ShownStatus {
  return (v.status === 'booked' || v.status === 'confirmed') && Date.parse(v.end) <= nowMs ? 'ended' : v.status;
}

export const STATUS_LABELS: Record<ShownStatus, string> = {
  held: 'Held',
  booked: 'Booked',
  confirmed: 'Confirmed',
  ended: 'Ended, not marked',
  completed: 'Completed',
  canceled: 'Canceled',
  no_show: 'No-show',
};

export const STATUS_BADGE: Record<ShownStatus, NonNullable<BadgeProps['variant']>> = {
  held: 'warning',
  booked: 'info',
  confirmed: 'success',
  ended: 'neutral',
  completed: 'neutral',
  canceled: 'neutral',
  no_show: 'destructive',
};

export const CHANNEL_LABELS: Record<BookingChannel, string> = { phone: 'Phone (the agent)', web: 'Web (patients)', staff: 'Staff' };
export const CHANNEL_SHORT: Record<BookingChannel, string> = { phone: 'phone', web: 'web', staff: 'staff' };
export const CHANNELS: BookingChannel[] = ['phone', 'web', 'staff'];

/** "30 min", "1 h", "1 h 30 min", "2 days". */
export function formatMinutes(minutes: number): string {
  if (minutes === 0) return 'none';
  if (minutes >= 1440 && minutes % 1440 === 0) return `${minutes / 1440} ${minutes === 1440 ? 'day' : 'days'}`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** "Annual physical (30 min)". */
export function visitTypeLabel(t: Pick<VisitType, 'nameEn' | 'lengthMinutes'>): string {
  return `${t.nameEn} (${formatMinutes(t.lengthMinutes)})`;
}

// ── Calendar dates (YYYY-MM-DD of the practice's zone; plain date arithmetic, no zone) ──

const MS_DAY = 86_400_000;
const toMs = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(iso: string, days: number): string {
  return fromMs(toMs(iso) + days * MS_DAY);
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function weekdayOf(iso: string): number {
  const d = new Date(toMs(iso)).getUTCDay();
  return d === 0 ? 7 : d;
}

/** The Monday of the week `iso` falls in (the API's weeks run Monday to Sunday). */
export function mondayOf(iso: string): string {
  return addDays(iso, 1 - weekdayOf(iso));
}

export function daysOfWeek(iso: string): string[] {
  const monday = mondayOf(iso);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** "Tue, Mar 10" / "Tue 10 Mar" in the practice's country's order; with the year unless it is `currentYear`'s. */
export function formatDay(iso: string, country: string | null | undefined, { weekday = true, year }: { weekday?: boolean; year?: boolean } = {}): string {
  return formatCalendarDay(iso, { country: country ?? 'US' }, { weekday, year: year ?? false });
}

/** "Mar 9 – 15, 2026"-like: the range of a week, each end in the practice's date order. */
export function formatWeek(monday: string, country: string | null | undefined): string {
  const sunday = addDays(monday, 6);
  return `${formatDay(monday, country, { weekday: false, year: false })} – ${formatDay(sunday, country, { weekday: false, year: true })}`;
}

// ── Wall times ("2026-03-09T09:00" of the practice's zone) ──

/** Minutes since the day's midnight of a wall time "YYYY-MM-DDTHH:MM". */
export function minutesOfDay(local: string): number {
  const [h, m] = (local.split('T')[1] ?? '00:00').split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

export const dateOf = (local: string) => local.slice(0, 10);
export const timeOf = (local: string) => local.slice(11, 16);

/** "9:00 AM" / "09:00" of a wall time "YYYY-MM-DDTHH:MM". */
export function formatLocalTime(local: string, country: string | null | undefined): string {
  return formatWallTime(timeOf(local), country);
}

/** "9:00 AM–12:00 PM" / "09:00–12:00" of two wall times "HH:MM" ("24:00": midnight). */
export function formatWallRange(start: string, end: string, country: string | null | undefined): string {
  return `${formatWallTime(start, country)}–${formatWallTime(end === '00:00' ? '24:00' : end, country)}`;
}

/** "9:00 AM–9:30 AM" / "09:00–09:30"; an end on a later date reads as midnight. */
export function formatLocalRange(startLocal: string, endLocal: string, country: string | null | undefined): string {
  const end = dateOf(endLocal) > dateOf(startLocal) && timeOf(endLocal) === '00:00' ? formatWallTime('24:00', country) : formatLocalTime(endLocal, country);
  return `${formatLocalTime(startLocal, country)}–${end}`;
}

/** The practice's wall time now, "2026-03-10T10:42". */
export function localNow(zone: string, now: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

export const isIsoDate = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
