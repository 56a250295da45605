import { formatDateTime, formatCalendarDay, isCalendarDate, type Practice } from './format-date';
import { formatPhone } from './format-phone';

/**
 * Structured values (tool arguments and results, the built-in brain's slots and decisions) as a
 * person reads them: "day Saturday · open no · opens at Mon, Nov 30, 8:00 AM · phone 07700
 * 900899 · date of birth Feb 25, 2011" rather than JSON. Instants, calendar dates and phone
 * numbers go through the one formatters, in the practice's zone, clock, date order and number
 * format when the value is one of its records.
 */

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** A stored phone number (E.164, as the agent's tools pass them). */
const E164 = /^\+[1-9]\d{6,14}$/;

/** "opensAt" → "opens at", "handoff_id" → "handoff id". */
export function readableKey(key: string): string {
  return key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/**
 * One value in words; objects as "key value" pairs joined by " · ", two levels deep. `practice`:
 * the organization whose record it is (its zone and clock for instants, its country for numbers).
 */
export function readableValue(value: unknown, practice?: Practice | null): string {
  return readable(value, practice ?? null, 2);
}

function readable(value: unknown, practice: Practice | null, depth: number): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return Number.isFinite(value) ? value.toLocaleString() : String(value);
  if (typeof value === 'string') {
    if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value, { weekday: 'short', omitCurrentYear: true, practice });
    if (isCalendarDate(value)) return formatCalendarDay(value, practice);
    return E164.test(value) ? formatPhone(value, practice?.country) : value;
  }
  if (Array.isArray(value)) return value.length ? value.map((v) => readable(v, practice, depth - 1)).join(', ') : 'none';
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '—';
    if (depth <= 0) return `${entries.length} fields`;
    const inner = entries.map(([k, v]) => `${readableKey(k)} ${typeof v === 'object' && v !== null && !Array.isArray(v) ? `(${readable(v, practice, depth - 1)})` : readable(v, practice, depth - 1)}`);
    return inner.join(' · ');
  }
  return String(value);
}
