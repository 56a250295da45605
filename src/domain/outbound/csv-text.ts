/**
 * Turning an uploaded file's bytes into CSV text, shared by the browser (which reads the file) and
 * the server (which gets the text). What is refused here is refused with a message a front-desk
 * person can act on ("save it as CSV UTF-8"), before any parsing.
 *
 * Encodings: UTF-8 (with or without a byte-order mark) is read; UTF-16 with a byte-order mark
 * (what Excel's "Unicode text" writes) is decoded; anything else that is not valid UTF-8 — Latin-1
 * or Windows-1252 from an old spreadsheet, or a binary file such as .xlsx — is refused, because
 * guessing a single-byte encoding silently changes names.
 */

export const MAX_CSV_BYTES = 10 * 1024 * 1024;
export const MAX_CSV_ROWS = 50_000;
/**
 * The body limit of a route that takes such a file as a JSON string: the file, its JSON escapes
 * (quotes and line breaks double) and the request's other fields. Every other route keeps 1 MiB.
 */
export const MAX_CSV_REQUEST_BYTES = MAX_CSV_BYTES * 1.5 + 64 * 1024;

export const CSV_FILE_ERROR_CODES = ['empty', 'too_large', 'too_many_rows', 'not_text', 'not_utf8', 'malformed', 'no_rows'] as const;
export type CsvFileErrorCode = (typeof CSV_FILE_ERROR_CODES)[number];

export interface CsvFileError {
  code: CsvFileErrorCode;
  message: string;
}

export type DecodeResult = { ok: true; text: string; encoding: 'utf-8' | 'utf-16le' | 'utf-16be' } | { ok: false; error: CsvFileError };

const MB = (MAX_CSV_BYTES / 1024 / 1024).toFixed(0);

export const csvFileErrors = {
  empty: (): CsvFileError => ({ code: 'empty', message: 'The file is empty. Choose a CSV file with a header row and one contact per row.' }),
  tooLarge: (): CsvFileError => ({ code: 'too_large', message: `The file is larger than ${MB} MB. Split it into smaller files.` }),
  tooManyRows: (rows: number): CsvFileError => ({
    code: 'too_many_rows',
    message: `The file has ${rows.toLocaleString('en-US')} rows; at most ${MAX_CSV_ROWS.toLocaleString('en-US')} can be imported at once. Split it into smaller files.`,
  }),
  notText: (): CsvFileError => ({
    code: 'not_text',
    message: 'This is not a CSV text file (it looks like a spreadsheet or another binary file). In your spreadsheet, use "Save as" → "CSV UTF-8".',
  }),
  utf16WithoutMark: (): CsvFileError => ({
    code: 'not_utf8',
    message: 'The file looks like UTF-16 text without a byte-order mark, which cannot be read reliably. In your spreadsheet, use "Save as" → "CSV UTF-8".',
  }),
  notUtf8: (): CsvFileError => ({
    code: 'not_utf8',
    message: 'The file is not in UTF-8 (it may be Latin-1 or Windows-1252 from an older spreadsheet). In your spreadsheet, use "Save as" → "CSV UTF-8" and upload that file.',
  }),
};

/** Bytes of `text` in UTF-8, without allocating the encoded copy. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Control characters other than tab, CR and LF never occur in a CSV a person wrote. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BINARY_CONTROL = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/;

export function decodeCsvBytes(bytes: Uint8Array): DecodeResult {
  if (bytes.length > MAX_CSV_BYTES) return { ok: false, error: csvFileErrors.tooLarge() };
  let encoding: 'utf-8' | 'utf-16le' | 'utf-16be' = 'utf-8';
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) [encoding, start] = ['utf-16le', 2];
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) [encoding, start] = ['utf-16be', 2];
  // A zip (.xlsx, .docx) or PDF announces itself in its first bytes.
  if (start === 0 && (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x25, 0x50, 0x44, 0x46]) || startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0]))) {
    return { ok: false, error: csvFileErrors.notText() };
  }
  if (start === 0 && looksLikeUtf16WithoutMark(bytes)) return { ok: false, error: csvFileErrors.utf16WithoutMark() };
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(start));
  } catch {
    return { ok: false, error: encoding === 'utf-8' && !looksBinary(bytes) ? csvFileErrors.notUtf8() : csvFileErrors.notText() };
  }
  const checked = checkCsvText(text);
  return checked ? { ok: false, error: checked } : { ok: true, text, encoding };
}

/**
 * What the server can check of text it received as a string (the JSON body): empty, too large,
 * binary. Returns null when the text may be parsed.
 */
export function checkCsvText(text: string): CsvFileError | null {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') return csvFileErrors.empty();
  if (body.length > MAX_CSV_BYTES || utf8ByteLength(body) > MAX_CSV_BYTES) return csvFileErrors.tooLarge();
  if (BINARY_CONTROL.test(body.slice(0, 65_536))) return csvFileErrors.notText();
  return null;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

/** Text in UTF-16 has a zero byte beside nearly every ASCII character. */
function looksLikeUtf16WithoutMark(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return false;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  return (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) || (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05);
}

function looksBinary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  for (const b of head) if (b === 0) return true;
  return false;
}
