import { isValidTimeZone } from '@domain/time/wall-clock';

let zones: string[] | undefined;

/** The runtime's IANA zones (the server checks against its own list too). */
export function timeZoneList(): string[] {
  if (!zones) {
    try {
      zones = Intl.supportedValuesOf('timeZone');
    } catch {
      zones = ['UTC'];
    }
  }
  return zones;
}

export { isValidTimeZone };

/** The browser's zone, e.g. "Europe/London". */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** "America/New_York" → "America/New York". */
export function zoneLabel(zone: string): string {
  return zone.replace(/_/g, ' ');
}

/** "Sat 10:47" in the zone. */
export function wallClock(at: Date, timeZone: string, opts: Intl.DateTimeFormatOptions = { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }): string {
  try {
    return new Intl.DateTimeFormat('en-US', { ...opts, timeZone }).format(at);
  } catch {
    return '';
  }
}
