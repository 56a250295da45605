import { formatInstantIn } from '@domain/format/clock';

/** Wall-clock helpers for showing and picking times in an organization's zone (no Temporal in the browser bundle). */

/**
 * "Tue, Mar 10, 2026, 9:30 AM EDT" in `zone`, in the clock and date order of `country` (the one
 * formatter, domain/format/clock.ts), the zone always named: an appointment is read by people
 * in several zones.
 */
export function formatInZone(iso: string, zone: string, country: string | null | undefined): string {
  return formatInstantIn(iso, zone, { country, weekday: 'short', showZone: true });
}

/** Today's date (`YYYY-MM-DD`) in `zone`. */
export function todayInZone(zone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** "10:52 AM EST": the time now in `zone`, to orient whoever picks a time there. */
export function nowInZone(zone: string, country: string | null | undefined, now = new Date()): string {
  return formatInstantIn(now, zone, { country, parts: 'time', showZone: true });
}
