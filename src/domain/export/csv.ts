/**
 * CSV for the exports people open in a spreadsheet (analytics, campaign results). A cell that a
 * spreadsheet would read as a formula — one starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return — is written with a leading apostrophe, so a name like `=HYPERLINK("http://…")` stays
 * text (OWASP "CSV injection"). A plain number or an E.164 phone number (`-3`, `+18605550100`)
 * cannot run anything and is written as it is, so phone numbers stay searchable and dialable.
 * Cells with a comma, quote or line break are quoted (RFC 4180).
 * No export may write CSV any other way.
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A signed decimal number or an E.164 number: a spreadsheet reads it as a number, never a formula. */
const PLAIN_NUMBER = /^(?:[+-]?\d+(?:\.\d+)?|\+[1-9]\d{1,14})$/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // Numbers and booleans we produce are data, not formulas (a negative count stays a number).
  const text = typeof value === 'string' && FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows (the first one the header) as CSV text, CRLF line ends. */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
