import { Temporal } from 'temporal-polyfill';

/**
 * Reading FHIR R4 search parameters (https://hl7.org/fhir/R4/search.html) the way the scheduling
 * API needs them: dates with prefixes, tokens, references, comma-separated alternatives and
 * repeated parameters (AND). Pure: a value that cannot be read is reported, never guessed.
 */

export type Many = string | string[] | undefined;

/** Every value of a parameter: repeats (AND) and commas (OR) flattened, blanks dropped. */
export function valuesOf(param: Many): string[] {
  const list = param === undefined ? [] : Array.isArray(param) ? param : [param];
  return list.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
}

/** Each repeat of a parameter kept apart (they AND together), its commas read as alternatives. */
export function repeatsOf(param: Many): string[][] {
  const list = param === undefined ? [] : Array.isArray(param) ? param : [param];
  return list.map((v) => v.split(',').map((x) => x.trim()).filter(Boolean)).filter((x) => x.length > 0);
}

export type DatePrefix = 'eq' | 'ne' | 'gt' | 'lt' | 'ge' | 'le' | 'sa' | 'eb' | 'ap';

/** A date search value: `ge2026-03-02`, `lt2026-03-09T12:00:00Z`, `2026-03-02` (eq). */
export interface DateBound {
  prefix: DatePrefix;
  /** YYYY, YYYY-MM, YYYY-MM-DD, or a date-time with an offset (or Z). */
  value: string;
}

const DATE = /^(\d{4})(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export function readDateBound(text: string): DateBound | null {
  const m = /^(eq|ne|gt|lt|ge|le|sa|eb|ap)?(.+)$/.exec(text);
  if (!m) return null;
  const value = m[2]!;
  if (!(DATE.test(value) || (DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))))) return null;
  return { prefix: (m[1] as DatePrefix | undefined) ?? 'eq', value };
}

export const isDateTime = (value: string) => DATE_TIME.test(value);

/** `system|code`, `|code` (no system), `code` (any system), `system|` (any code of the system). */
export interface Token {
  system: string | null;
  code: string | null;
}

export function readToken(text: string): Token {
  const bar = text.indexOf('|');
  if (bar < 0) return { system: null, code: text };
  return { system: text.slice(0, bar), code: text.slice(bar + 1) || null };
}

/** `Type/id`, an absolute URL ending in `Type/id`, or a bare id (of the expected type). */
export function readReference(text: string, types: readonly string[]): { type: string; id: string } | null {
  const m = /(?:^|\/)([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/.exec(text);
  if (m) return types.includes(m[1]!) ? { type: m[1]!, id: m[2]! } : null;
  if (/^[A-Za-z0-9\-.]{1,64}$/.test(text) && types.length === 1) return { type: types[0]!, id: text };
  return null;
}

/** The real-time period [start, end) a date search value covers in a zone (a date is the zone's day, month or year). */
export function periodOf(value: string, zone: string): { start: number; end: number } {
  if (DATE_TIME.test(value)) {
    const ms = Date.parse(value);
    return { start: ms, end: ms + 1 };
  }
  const [y, m, d] = value.split('-').map(Number) as [number, number | undefined, number | undefined];
  const first = Temporal.PlainDate.from({ year: y, month: m ?? 1, day: d ?? 1 });
  const next = d !== undefined ? first.add({ days: 1 }) : m !== undefined ? first.add({ months: 1 }) : first.add({ years: 1 });
  const at = (date: Temporal.PlainDate) => date.toZonedDateTime({ timeZone: zone }).epochMilliseconds;
  return { start: at(first), end: at(next) };
}

/**
 * The window [from, to) that date search values (ANDed) leave, in a zone; `null` ends are open.
 * Prefixes eq, gt, ge, lt, le are read; the others are reported back as unsupported.
 */
export function windowOf(bounds: readonly DateBound[], zone: string): { from: number | null; to: number | null; unsupported: DatePrefix[] } {
  let from: number | null = null;
  let to: number | null = null;
  const unsupported: DatePrefix[] = [];
  const after = (ms: number) => (from = from === null ? ms : Math.max(from, ms));
  const before = (ms: number) => (to = to === null ? ms : Math.min(to, ms));
  for (const b of bounds) {
    const p = periodOf(b.value, zone);
    if (b.prefix === 'eq') {
      after(p.start);
      before(p.end);
    } else if (b.prefix === 'ge') after(p.start);
    else if (b.prefix === 'gt') after(p.end);
    else if (b.prefix === 'le') before(p.end);
    else if (b.prefix === 'lt') before(p.start);
    else unsupported.push(b.prefix);
  }
  return { from, to, unsupported };
}
