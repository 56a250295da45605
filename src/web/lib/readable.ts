import { formatDateTime } from './format-date';

/**
 * Structured values (tool arguments and results, the built-in brain's slots and decisions) as a
 * person reads them: "day Saturday · open no · opens at Mon, Nov 30, 8:00 AM" rather than JSON.
 */

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** "opensAt" → "opens at", "handoff_id" → "handoff id". */
export function readableKey(key: string): string {
  return key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/** One value in words; objects as "key value" pairs joined by " · ", at most `depth` levels deep. */
export function readableValue(value: unknown, depth = 2): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return Number.isFinite(value) ? value.toLocaleString() : String(value);
  if (typeof value === 'string') return ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)) ? formatDateTime(value, { weekday: 'short', omitCurrentYear: true }) : value;
  if (Array.isArray(value)) return value.length ? value.map((v) => readableValue(v, depth - 1)).join(', ') : 'none';
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '—';
    if (depth <= 0) return `${entries.length} fields`;
    const inner = entries.map(([k, v]) => `${readableKey(k)} ${typeof v === 'object' && v !== null && !Array.isArray(v) ? `(${readableValue(v, depth - 1)})` : readableValue(v, depth - 1)}`);
    return inner.join(' · ');
  }
  return String(value);
}
