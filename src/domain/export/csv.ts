/**
 * CSV for the exports people open in a spreadsheet (analytics, campaign results). A cell that a
 * spreadsheet would read as a formula — one starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return — is written with a leading apostrophe, so a name like `=HYPERLINK("http://…")` stays
 * text (OWASP "CSV injection"). Cells with a comma, quote or line break are quoted (RFC 4180).
 * No export may write CSV any other way.
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // Numbers and booleans we produce are data, not formulas (a negative count stays a number).
  const text = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows (the first one the header) as CSV text, CRLF line ends. */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
