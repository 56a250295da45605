/** Wall-clock helpers for showing and picking times in an organization's zone (no Temporal in the browser bundle). */

/** "Tuesday, March 10, 2026 at 9:30 AM EDT" in `zone`. */
export function formatInZone(iso: string, zone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone: zone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** Today's date (`YYYY-MM-DD`) in `zone`. */
export function todayInZone(zone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** "10:52 AM EST": the time now in `zone`, to orient whoever picks a time there. */
export function nowInZone(zone: string, now = new Date()): string {
  return new Intl.DateTimeFormat(undefined, { timeZone: zone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(now);
}
