/**
 * What an error event may hold of an error (issue 14 §1): the statement's shape and the names of
 * fields, never the values a query was given or a row held (they can be a patient's name, date
 * of birth or diagnosis), and only text PostgreSQL can store.
 */

const WITHHELD = '[withheld]';

/** Text PostgreSQL can store: no NUL byte, no lone surrogate (both become U+FFFD). */
export function storable(text: string): string {
  // eslint-disable-next-line no-control-regex -- the NUL byte is what is looked for
  return text.replace(/\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** `storable`, cut to `max` characters without splitting a surrogate pair. */
export function storableCut(text: string, max: number): string {
  return storable(text.length > max ? text.slice(0, max) : text);
}

/** Every string in a JSON-like value made storable. */
export function storableJson(value: unknown): unknown {
  if (typeof value === 'string') return storable(value);
  if (Array.isArray(value)) return value.map(storableJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [storable(k), storableJson(v)]));
  }
  return value;
}

interface PgError {
  code: string;
  message: string;
  detail?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

const isPgError = (e: unknown): e is PgError => {
  const code = e instanceof Error ? (e as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && 'severity' in (e as object);
};

/** Drizzle's wrapper: `Failed query: <sql>\nparams: <values>`, the driver's error as its cause. */
const isQueryError = (e: unknown): e is Error & { query: string; params: unknown[] } =>
  e instanceof Error && typeof (e as { query?: unknown }).query === 'string' && Array.isArray((e as { params?: unknown }).params);

/** A driver message without the value it quotes (`invalid input syntax for type uuid: "…"`). */
function pgMessage(message: string): string {
  return message.replace(/:\s*".*"\s*$/s, `: ${WITHHELD}`);
}

/** `Key (phone)=(+1…) already exists.` → `Key (phone)=([withheld]) already exists.`; other details are withheld. */
function pgDetail(detail: string): string {
  const key = /^Key \(([^()]*)\)=\(/.exec(detail);
  if (key) {
    const tail = / (already exists|is not present in table "[^"]*"|is still referenced from table "[^"]*")\.$/.exec(detail)?.[1];
    return `Key (${key[1]})=(${WITHHELD})${tail ? ` ${tail}` : ''}.`;
  }
  if (detail.startsWith('Failing row contains')) return `Failing row contains (${WITHHELD}).`;
  return WITHHELD;
}

function describePg(e: PgError): string {
  const where = [e.table && `table ${e.table}`, e.column && `column ${e.column}`, e.constraint && `constraint ${e.constraint}`].filter(Boolean).join(', ');
  const lines = [`${pgMessage(e.message)} (SQLSTATE ${e.code}${where ? `; ${where}` : ''})`];
  if (e.detail) lines.push(`detail: ${pgDetail(e.detail)}`);
  return lines.join('\n');
}

/**
 * Drizzle's `params: …` (wherever its message was copied) loses its values, and so does all that
 * follows it: a value may span lines.
 */
function withoutParams(text: string): string {
  return text.replace(/^params: [\s\S]*$/m, `params: ${WITHHELD}`);
}

/** The message of an error as an event may keep it. */
export function safeMessage(error: unknown): string {
  if (isQueryError(error)) {
    const lines = [`Failed query: ${error.query}`, `params: ${error.params.length} value${error.params.length === 1 ? '' : 's'} ${WITHHELD}`];
    if (isPgError(error.cause)) lines.push(describePg(error.cause));
    else if (error.cause instanceof Error) lines.push(withoutParams(error.cause.message));
    return lines.join('\n');
  }
  if (isPgError(error)) return describePg(error);
  if (error instanceof Error) return withoutParams(error.message);
  return withoutParams(String(error ?? 'Unknown error'));
}

/**
 * A stack whose head (which repeats the message) is the safe message; the frames stay. A stack
 * given as text (a browser's report) only loses `params:` lines.
 */
export function safeStack(error: unknown, message: string): string | null {
  if (!(error instanceof Error) || !error.stack) return null;
  const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line) || /^\s+\.\.\. \d+ lines? matching/.test(line));
  // Drizzle's DrizzleQueryError keeps the name `Error`; its class says more.
  const name = error.name === 'Error' && error.constructor.name ? error.constructor.name : error.name;
  return [`${name}: ${message}`, ...frames].join('\n');
}

export const safeStackText = withoutParams;
