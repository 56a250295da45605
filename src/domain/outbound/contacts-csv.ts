import Papa from 'papaparse';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { parseDateOfBirth } from '../format/date-of-birth.js';
import { isValidTimeZone } from '../time/wall-clock.js';
import { CONTACT_FIELDS, type ColumnMapping } from './column-mapping.js';
import { MAX_CSV_ROWS, checkCsvText, csvFileErrors, type CsvFileError } from './csv-text.js';

/**
 * A campaign's contacts from CSV text (decision 022: papaparse reads the CSV, in the browser and on
 * the server alike). Two steps, so the page can show the table and let a person map its columns
 * before anything is judged: readCsvTable (delimiter, header, rows) and validateContacts (one
 * verdict per row). Both are pure; the do-not-call list comes in as a set.
 */

export type CsvDelimiter = ',' | ';' | '\t';

export interface CsvTable {
  /** Trimmed, never empty ("Column 3"), unique ("Phone (2)"). */
  headers: string[];
  /** Cells trimmed; each row as long as the header row. Row i is spreadsheet row i + 2. */
  rows: string[][];
  delimiter: CsvDelimiter;
}

export type ReadResult = { ok: true; table: CsvTable } | { ok: false; error: CsvFileError };

const DELIMITERS: CsvDelimiter[] = [',', ';', '\t'];

export function readCsvTable(input: string): ReadResult {
  const problem = checkCsvText(input);
  if (problem) return { ok: false, error: problem };
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const parsed = Papa.parse<string[]>(text, { delimiter: '', delimitersToGuess: DELIMITERS, skipEmptyLines: 'greedy' });
  const quoteError = parsed.errors.find((e) => e.type === 'Quotes');
  if (quoteError) {
    const row = quoteError.row === undefined ? '' : ` (row ${quoteError.row + 1})`;
    return { ok: false, error: { code: 'malformed', message: `The file is not valid CSV: a quoted cell is never closed${row}. Check the quotes, or save the file again as CSV.` } };
  }
  const [headerRow, ...body] = parsed.data;
  if (!headerRow || body.length === 0) {
    return { ok: false, error: { code: 'no_rows', message: 'The file has a header row but no contacts below it.' } };
  }
  if (body.length > MAX_CSV_ROWS) return { ok: false, error: csvFileErrors.tooManyRows(body.length) };
  const headers = uniqueHeaders(headerRow);
  const width = headers.length;
  const rows = body.map((cells) => {
    const row = new Array<string>(width);
    for (let i = 0; i < width; i++) row[i] = (cells[i] ?? '').trim();
    return row;
  });
  const delimiter = (DELIMITERS as string[]).includes(parsed.meta.delimiter) ? (parsed.meta.delimiter as CsvDelimiter) : ',';
  return { ok: true, table: { headers, rows, delimiter } };
}

/** The table back to CSV text (after a person fixed a row in the preview), in its own delimiter. */
export function writeCsvTable(table: CsvTable): string {
  return Papa.unparse({ fields: table.headers, data: table.rows }, { delimiter: table.delimiter, newline: '\r\n' });
}

function uniqueHeaders(raw: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return raw.map((cell, i) => {
    const base = cell.trim().replace(/^\uFEFF/, '') || `Column ${i + 1}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

export type RowProblemCode =
  | 'missing_phone'
  | 'bad_number'
  | 'missing_name'
  | 'name_too_long'
  | 'formula'
  | 'duplicate'
  | 'do_not_call'
  | 'bad_time_zone'
  | 'bad_date_of_birth';

export interface RowProblem {
  code: RowProblemCode;
  /** The header of the column at fault, when there is one. */
  column: string | null;
  message: string;
}

export interface ValidContact {
  row: number;
  name: string;
  /** E.164. */
  phone: string;
  timeZone: string | null;
  /** YYYY-MM-DD. */
  dateOfBirth: string | null;
  /** The columns no field took, by header, when not empty. */
  fields: Record<string, string>;
}

export interface RejectedRow {
  row: number;
  cells: string[];
  problems: RowProblem[];
}

export interface ContactsVerdict {
  contacts: ValidContact[];
  rejected: RejectedRow[];
  /** Rejected rows per problem (a row with two problems counts under both). */
  problemCounts: Partial<Record<RowProblemCode, number>>;
}

export interface ValidateOptions {
  /** ISO 3166 alpha-2 country whose local number formats are read ("(860) 555-0100" in US). */
  country: string;
  /** E.164 numbers the organization must never call. */
  doNotCall: ReadonlySet<string>;
}

export const MAX_NAME_LENGTH = 200;

/**
 * A cell a spreadsheet would run as a formula when the file is opened again (OWASP "CSV
 * injection"). A phone number's leading "+" is its country code, so the phone column only refuses
 * "=" and "@"; a plain signed number ("-5") in an extra column is a number.
 */
const FORMULA = /^[=+\-@]/;
const PHONE_FORMULA = /^[=@]/;
const SIGNED_NUMBER = /^[+-]?\d+([.,]\d+)?$/;

export function validateContacts(table: CsvTable, mapping: ColumnMapping, options: ValidateOptions): ContactsVerdict {
  const col = columnIndexes(table.headers, mapping);
  const country = (options.country || 'US').toUpperCase() as CountryCode;
  const mapped = new Set(Object.values(col).filter((i): i is number => i !== undefined));
  const extra = table.headers.map((_, i) => i).filter((i) => !mapped.has(i));
  const firstRowOf = new Map<string, number>();
  const contacts: ValidContact[] = [];
  const rejected: RejectedRow[] = [];
  const problemCounts: Partial<Record<RowProblemCode, number>> = {};

  table.rows.forEach((cells, index) => {
    const row = index + 2;
    const problems: RowProblem[] = [];
    const cell = (i: number | undefined) => (i === undefined ? '' : cells[i]!);
    const header = (i: number | undefined) => (i === undefined ? null : table.headers[i]!);

    for (const i of [col.name, col.firstName, col.lastName, col.timeZone, col.dateOfBirth, ...extra]) {
      const value = cell(i);
      if (FORMULA.test(value) && !(extra.includes(i!) && SIGNED_NUMBER.test(value))) problems.push(formulaProblem(header(i)!, value));
    }

    const rawPhone = cell(col.phone);
    let phone: string | null = null;
    if (PHONE_FORMULA.test(rawPhone)) problems.push(formulaProblem(header(col.phone)!, rawPhone));
    else if (rawPhone === '') problems.push({ code: 'missing_phone', column: header(col.phone), message: 'No phone number.' });
    else {
      phone = toE164(rawPhone, country);
      if (!phone) {
        problems.push({
          code: 'bad_number',
          column: header(col.phone),
          message: `"${clip(rawPhone)}" is not a valid phone number for ${country}. A number abroad needs its country code (+44 …).`,
        });
      } else if (options.doNotCall.has(phone)) {
        problems.push({ code: 'do_not_call', column: header(col.phone), message: `${phone} is on the do-not-call list.` });
      }
    }

    const name = contactName(cell(col.name), cell(col.firstName), cell(col.lastName));
    if (name === '') problems.push({ code: 'missing_name', column: header(col.name ?? col.firstName ?? col.lastName), message: 'No name.' });
    else if (name.length > MAX_NAME_LENGTH) problems.push({ code: 'name_too_long', column: header(col.name ?? col.firstName), message: `The name is longer than ${MAX_NAME_LENGTH} characters.` });

    const rawZone = cell(col.timeZone);
    if (rawZone !== '' && !FORMULA.test(rawZone) && !isValidTimeZone(rawZone)) {
      problems.push({ code: 'bad_time_zone', column: header(col.timeZone), message: `"${clip(rawZone)}" is not a time zone; use a name such as America/New_York.` });
    }

    const rawBirth = cell(col.dateOfBirth);
    const dateOfBirth = rawBirth === '' ? null : parseDateOfBirth(rawBirth, country);
    if (rawBirth !== '' && !dateOfBirth && !FORMULA.test(rawBirth)) {
      problems.push({ code: 'bad_date_of_birth', column: header(col.dateOfBirth), message: `"${clip(rawBirth)}" is not a date of birth; write it as YYYY-MM-DD.` });
    }

    if (phone) {
      const first = firstRowOf.get(phone);
      if (first !== undefined) problems.push({ code: 'duplicate', column: header(col.phone), message: `Same number as row ${first}.` });
      else if (problems.length === 0) firstRowOf.set(phone, row);
    }

    if (problems.length > 0) {
      rejected.push({ row, cells, problems });
      for (const p of problems) problemCounts[p.code] = (problemCounts[p.code] ?? 0) + 1;
      return;
    }
    const fields: Record<string, string> = {};
    for (const i of extra) if (cells[i] !== '') fields[table.headers[i]!] = cells[i]!;
    contacts.push({ row, name, phone: phone!, timeZone: rawZone === '' ? null : rawZone, dateOfBirth, fields });
  });

  return { contacts, rejected, problemCounts };
}

function columnIndexes(headers: readonly string[], mapping: ColumnMapping): Partial<Record<(typeof CONTACT_FIELDS)[number], number>> {
  const out: Partial<Record<(typeof CONTACT_FIELDS)[number], number>> = {};
  for (const field of CONTACT_FIELDS) {
    const column = mapping[field];
    const index = column ? headers.indexOf(column) : -1;
    if (index >= 0) out[field] = index;
  }
  return out;
}

function contactName(full: string, first: string, last: string): string {
  const name = full !== '' ? full : [first, last].filter((p) => p !== '').join(' ');
  return name.replace(/\s+/g, ' ');
}

function formulaProblem(column: string, value: string): RowProblem {
  return {
    code: 'formula',
    column,
    message: `"${clip(value)}" in "${column}" starts with "${value[0]}", which a spreadsheet runs as a formula. Remove that character or fix the cell.`,
  };
}

function clip(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}

/** Local formats read as the organization's country; a number written with "+" keeps its own. */
export function toE164(input: string, country: CountryCode): string | null {
  const parsed = parsePhoneNumberFromString(input, country);
  return parsed && parsed.isValid() ? parsed.number : null;
}
