import { getCountry, getTimezone } from 'countries-and-timezones';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { isOpen, nextChange, type Hours } from '../time/index.js';
import { isValidTimeZone } from '../time/wall-clock.js';
import { CALLEE_DAY_END, CALLEE_DAY_START } from './vocabulary.js';

/**
 * When the queue may call someone (issue 16 §1): inside the campaign's window (local time of the
 * callee, on its weekdays) AND 08:00–21:00 in the callee's own time zone. Pure; all zone math is
 * the time engine's (Temporal), so DST changes move the window with the wall clock.
 *
 * The callee's zone: the contact's `timezone` when given; else from the number's country — one
 * zone when the country has one; when it has several (US, CA, AU, BR, MX…) and the number does not
 * say which (libphonenumber-js names the country, not the zone, and we keep no area-code table),
 * the window must hold in EVERY zone of that country, so no one is rung at 7 a.m. wherever they
 * live (for the United States, 08:00–21:00 everywhere is 13:00–21:00 Eastern); a number without a
 * known country falls back to the organization's zone.
 */

export interface WindowSettings {
  /** HH:MM, local to the callee. */
  start: string;
  end: string;
  /** ISO weekdays 1 (Monday) … 7 (Sunday). */
  days: readonly number[];
}

export type ZoneSource = 'contact' | 'number' | 'country' | 'organization';

export interface CalleeZones {
  /** Each must be inside its window for a call to be placed. */
  zones: string[];
  source: ZoneSource;
  /** Shown to people: the zone, or "US (all zones)". */
  label: string;
}

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const countryZoneCache = new Map<string, string[]>();

/** The zones of a country, one per distinct (standard, daylight) offset pair. */
function zonesOfCountry(country: string): string[] {
  const cached = countryZoneCache.get(country);
  if (cached) return cached;
  const seen = new Map<string, string>();
  for (const name of getCountry(country as never)?.timezones ?? []) {
    const tz = getTimezone(name);
    if (!tz || !isValidTimeZone(name)) continue;
    const key = `${tz.utcOffset}/${tz.dstOffset}`;
    if (!seen.has(key)) seen.set(key, name);
  }
  const zones = [...seen.values()];
  countryZoneCache.set(country, zones);
  return zones;
}

export function calleeZones(contact: { timeZone: string | null; phone: string }, organizationZone: string): CalleeZones {
  if (contact.timeZone && isValidTimeZone(contact.timeZone)) return { zones: [contact.timeZone], source: 'contact', label: contact.timeZone };
  const country = parsePhoneNumberFromString(contact.phone)?.country;
  if (country) {
    const zones = zonesOfCountry(country);
    if (zones.length === 1) return { zones, source: 'number', label: zones[0]! };
    if (zones.length > 1) return { zones, source: 'country', label: `${country} (all zones)` };
  }
  return { zones: [organizationZone], source: 'organization', label: organizationZone };
}

const maxTime = (a: string, b: string) => (a > b ? a : b);
const minTime = (a: string, b: string) => (a < b ? a : b);

/** The hours a callee in `zone` may be rung: the window's days × (window ∩ 08:00–21:00). */
export function calleeHours(zone: string, window: WindowSettings | null): Hours {
  const start = window ? maxTime(window.start, CALLEE_DAY_START) : CALLEE_DAY_START;
  const end = window ? minTime(window.end, CALLEE_DAY_END) : CALLEE_DAY_END;
  const days = window ? window.days : ALL_DAYS;
  const weekly = start < end ? days.map((day) => ({ day, start, end })) : [];
  return { timeZone: zone, weekly, overrides: [] };
}

/** Never loop for ever on a window that cannot be met in every zone at once. */
const MAX_HOPS = 64;

/**
 * The first instant at or after `at` (epoch ms) when the callee may be rung, or null when the
 * window never opens (within the time engine's ~400-day horizon).
 */
export function nextCallTime(zones: readonly string[], window: WindowSettings | null, at: number): number | null {
  const hours = zones.map((z) => calleeHours(z, window));
  if (hours.some((h) => h.weekly.length === 0)) return null;
  let t = at;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const closed = hours.find((h) => !isOpen(h, t));
    if (!closed) return t;
    const change = nextChange(closed, t);
    if (!change) return null;
    t = change.at.epochMilliseconds;
  }
  return null;
}

export function mayCallNow(zones: readonly string[], window: WindowSettings | null, at: number): boolean {
  return nextCallTime(zones, window, at) === at;
}
