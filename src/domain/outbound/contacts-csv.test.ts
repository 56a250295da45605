import { describe, expect, it } from 'vitest';
import { parseDateOfBirth } from '../format/date-of-birth.js';
import { mappingProblems, suggestMapping } from './column-mapping.js';
import { readCsvTable, validateContacts, writeCsvTable, type CsvTable } from './contacts-csv.js';
import { MAX_CSV_BYTES, MAX_CSV_ROWS, decodeCsvBytes } from './csv-text.js';

const noDnc = new Set<string>();

function table(text: string): CsvTable {
  const result = readCsvTable(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.table;
}

function verdict(text: string, options: { country?: string; doNotCall?: Set<string> } = {}) {
  const t = table(text);
  return validateContacts(t, suggestMapping(t.headers), { country: options.country ?? 'US', doNotCall: options.doNotCall ?? noDnc });
}

describe('reading the table', () => {
  it('detects comma, semicolon and tab delimiters', () => {
    for (const [sep, expected] of [[',', ','], [';', ';'], ['\t', '\t']] as const) {
      const t = table(`name${sep}phone\r\nAda Lovelace${sep}(860) 555-0100\r\n`);
      expect(t.delimiter).toBe(expected);
      expect(t.headers).toEqual(['name', 'phone']);
      expect(t.rows).toEqual([['Ada Lovelace', '(860) 555-0100']]);
    }
  });

  it('strips a byte-order mark, trims cells, skips blank lines, pads short rows', () => {
    const t = table('\uFEFFName , Phone,Note\n  Ada , 8605550100 \n\n  \nBob,8605550101\n');
    expect(t.headers).toEqual(['Name', 'Phone', 'Note']);
    expect(t.rows).toEqual([
      ['Ada', '8605550100', ''],
      ['Bob', '8605550101', ''],
    ]);
  });

  it('names empty headers and makes repeated ones unique', () => {
    expect(table('phone,,phone\n1,2,3\n').headers).toEqual(['phone', 'Column 2', 'phone (2)']);
  });

  it('keeps quoted delimiters and line breaks inside a cell', () => {
    const t = table('name;phone;note\n"Smith; Jane";8605550100;"line one\nline two"\n');
    expect(t.rows[0]).toEqual(['Smith; Jane', '8605550100', 'line one\nline two']);
  });

  it('refuses empty text, a header without rows, an unclosed quote and binary text with a message', () => {
    expect(readCsvTable('')).toMatchObject({ ok: false, error: { code: 'empty' } });
    expect(readCsvTable(' \n\n')).toMatchObject({ ok: false, error: { code: 'empty' } });
    expect(readCsvTable('name,phone\n')).toMatchObject({ ok: false, error: { code: 'no_rows' } });
    expect(readCsvTable('name,phone\n"Ada,8605550100\n')).toMatchObject({ ok: false, error: { code: 'malformed' } });
    expect(readCsvTable('PK\u0003\u0004\u0014\u0000binary')).toMatchObject({ ok: false, error: { code: 'not_text' } });
  });

  it('refuses more rows than the limit', () => {
    const text = 'name,phone\n' + 'a,1\n'.repeat(MAX_CSV_ROWS + 1);
    const result = readCsvTable(text);
    expect(result).toMatchObject({ ok: false, error: { code: 'too_many_rows' } });
    if (!result.ok) expect(result.error.message).toContain('50,000');
  });

  it('refuses text over 10 MB (counted in UTF-8 bytes)', () => {
    const text = 'name,phone\n' + 'é'.repeat(MAX_CSV_BYTES / 2 + 1);
    expect(readCsvTable(text)).toMatchObject({ ok: false, error: { code: 'too_large' } });
  });

  it('writes a fixed table back in its own delimiter, quoting what needs it', () => {
    const t = table('name;phone\nAda;8605550100\n');
    t.rows[0]![0] = 'Lovelace; Ada';
    const again = table(writeCsvTable(t));
    expect(again.delimiter).toBe(';');
    expect(again.rows[0]).toEqual(['Lovelace; Ada', '8605550100']);
  });
});

describe('decoding bytes', () => {
  const bytes = (...parts: (number[] | string)[]) =>
    new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

  it('reads UTF-8 with and without a byte-order mark', () => {
    expect(decodeCsvBytes(bytes('name,phone\nZoë,1\n'))).toMatchObject({ ok: true, text: 'name,phone\nZoë,1\n', encoding: 'utf-8' });
    expect(decodeCsvBytes(bytes([0xef, 0xbb, 0xbf], 'name\n'))).toMatchObject({ ok: true, text: 'name\n' });
  });

  it('decodes UTF-16 with a byte-order mark (little and big endian)', () => {
    const le = [0xff, 0xfe, ...[...'name,phone\nZoë,1\n'].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8])];
    const be = [0xfe, 0xff, ...[...'name,phone\nZoë,1\n'].flatMap((c) => [c.charCodeAt(0) >> 8, c.charCodeAt(0) & 0xff])];
    expect(decodeCsvBytes(new Uint8Array(le))).toMatchObject({ ok: true, text: 'name,phone\nZoë,1\n', encoding: 'utf-16le' });
    expect(decodeCsvBytes(new Uint8Array(be))).toMatchObject({ ok: true, text: 'name,phone\nZoë,1\n', encoding: 'utf-16be' });
  });

  it('refuses UTF-16 without a mark, Latin-1, spreadsheets and empty files with a message to act on', () => {
    const utf16NoMark = new Uint8Array([...'name,phone\nAda,1\n'].flatMap((c) => [c.charCodeAt(0), 0]));
    expect(decodeCsvBytes(utf16NoMark)).toMatchObject({ ok: false, error: { code: 'not_utf8' } });
    const latin1 = bytes('name,phone\nZo', [0xeb], ',1\n');
    const result = decodeCsvBytes(latin1);
    expect(result).toMatchObject({ ok: false, error: { code: 'not_utf8' } });
    if (!result.ok) expect(result.error.message).toContain('CSV UTF-8');
    expect(decodeCsvBytes(bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toMatchObject({ ok: false, error: { code: 'not_text' } });
    expect(decodeCsvBytes(bytes([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x9c]))).toMatchObject({ ok: false });
    expect(decodeCsvBytes(new Uint8Array())).toMatchObject({ ok: false, error: { code: 'empty' } });
    expect(decodeCsvBytes(new Uint8Array(MAX_CSV_BYTES + 1))).toMatchObject({ ok: false, error: { code: 'too_large' } });
  });
});

describe('suggested mapping', () => {
  it('recognises the usual headers, whatever their case and punctuation', () => {
    expect(suggestMapping(['First Name', 'Last_Name', 'Mobile Number', 'DOB', 'Time zone', 'Appointment'])).toEqual({
      firstName: 'First Name',
      lastName: 'Last_Name',
      phone: 'Mobile Number',
      dateOfBirth: 'DOB',
      timeZone: 'Time zone',
    });
    expect(suggestMapping(['Patient name', 'Patient mobile phone'])).toEqual({ name: 'Patient name', phone: 'Patient mobile phone' });
  });

  it('says what a mapping lacks or gets wrong', () => {
    expect(mappingProblems(['a', 'b'], {})).toEqual([
      { field: 'phone', message: 'Choose the column that holds the phone number.' },
      { field: 'name', message: 'Choose the column that holds the name (or the first and last name columns).' },
    ]);
    expect(mappingProblems(['a', 'b'], { phone: 'c', name: 'a' })).toContainEqual({ field: 'phone', message: 'The file has no column "c".' });
    expect(mappingProblems(['a', 'b'], { phone: 'a', name: 'a' })).toContainEqual({ field: 'phone', message: 'The column "a" is already used for full name.' });
    expect(mappingProblems(['a', 'b'], { phone: 'a', firstName: 'b' })).toEqual([]);
  });
});

describe('validating contacts', () => {
  it('normalises local numbers to E.164 for the organization’s country and keeps extra columns', () => {
    const v = verdict('Name,Phone,Appointment\nAda Lovelace,(860) 555-0100,2026-12-01 09:00\nBob,+44 20 7946 0000,\n');
    expect(v.rejected).toEqual([]);
    expect(v.contacts).toEqual([
      { row: 2, name: 'Ada Lovelace', phone: '+18605550100', timeZone: null, dateOfBirth: null, fields: { Appointment: '2026-12-01 09:00' } },
      { row: 3, name: 'Bob', phone: '+442079460000', timeZone: null, dateOfBirth: null, fields: {} },
    ]);
    expect(verdict('name,phone\nJane,020 7946 0000\n', { country: 'GB' }).contacts[0]!.phone).toBe('+442079460000');
  });

  it('joins first and last names; reads time zone and date of birth', () => {
    const v = verdict('first,last,phone,timezone,dob\nAda,Lovelace,8605550100,America/Chicago,12/10/1980\n');
    expect(v.contacts[0]).toMatchObject({ name: 'Ada Lovelace', timeZone: 'America/Chicago', dateOfBirth: '1980-12-10' });
  });

  it('refuses a row per problem with the column and a reason', () => {
    const v = verdict(
      [
        'name,phone,timezone,dob',
        ',8605550100,,', // no name
        'Bad Number,12345,,', // bad number
        'No Number,,,', // no phone
        'Zone,8605550102,Mars/Base,', // bad zone
        'Birth,8605550103,,1980-02-30', // not a date
      ].join('\n'),
    );
    expect(v.contacts).toEqual([]);
    expect(v.rejected.map((r) => [r.row, r.problems.map((p) => [p.code, p.column])])).toEqual([
      [2, [['missing_name', 'name']]],
      [3, [['bad_number', 'phone']]],
      [4, [['missing_phone', 'phone']]],
      [5, [['bad_time_zone', 'timezone']]],
      [6, [['bad_date_of_birth', 'dob']]],
    ]);
    expect(v.rejected[1]!.problems[0]!.message).toBe('"12345" is not a valid phone number for US. A number abroad needs its country code (+44 …).');
    expect(v.problemCounts).toEqual({ missing_name: 1, bad_number: 1, missing_phone: 1, bad_time_zone: 1, bad_date_of_birth: 1 });
  });

  it('refuses a number already in the file, naming the first row, in any spelling', () => {
    const v = verdict('name,phone\nAda,860-555-0100\nAda again,(860) 555 0100\nOther,+1 860 555 0101\n');
    expect(v.contacts.map((c) => c.row)).toEqual([2, 4]);
    expect(v.rejected).toEqual([{ row: 3, cells: ['Ada again', '(860) 555 0100'], problems: [{ code: 'duplicate', column: 'phone', message: 'Same number as row 2.' }] }]);
  });

  it('lets a later row have the number when the first one with it was refused', () => {
    const v = verdict('name,phone\n,8605550100\nAda,8605550100\n');
    expect(v.contacts.map((c) => c.row)).toEqual([3]);
  });

  it('refuses numbers on the do-not-call list, whatever their spelling in the file', () => {
    const v = verdict('name,phone\nAda,(860) 555-0100\nBob,8605550101\n', { doNotCall: new Set(['+18605550100']) });
    expect(v.contacts.map((c) => c.phone)).toEqual(['+18605550101']);
    expect(v.rejected[0]!.problems).toEqual([{ code: 'do_not_call', column: 'phone', message: '+18605550100 is on the do-not-call list.' }]);
  });

  it('refuses formula cells but reads a leading + in the phone column as a country code', () => {
    const v = verdict(
      ['name,phone,note', '=HYPERLINK("http://evil.example"),8605550100,', 'Ada,+1 860 555 0101,@SUM(A1)', 'Bob,=1+1,', 'Cy,8605550103,-5', 'Di,8605550104,-see chart'].join('\n'),
    );
    expect(v.contacts.map((c) => [c.row, c.phone, c.fields])).toEqual([[5, '+18605550103', { note: '-5' }]]);
    expect(v.rejected.map((r) => [r.row, r.problems.map((p) => [p.code, p.column])])).toEqual([
      [2, [['formula', 'name']]],
      [3, [['formula', 'note']]],
      [4, [['formula', 'phone']]],
      [6, [['formula', 'note']]],
    ]);
    expect(v.rejected[0]!.problems[0]!.message).toContain('starts with "="');
  });

  it('reads dates of birth in the country’s order', () => {
    expect(parseDateOfBirth('03/04/1980', 'US')).toBe('1980-03-04');
    expect(parseDateOfBirth('03/04/1980', 'GB')).toBe('1980-04-03');
    expect(parseDateOfBirth('1980-4-3', 'GB')).toBe('1980-04-03');
    expect(parseDateOfBirth('31/02/1980', 'GB')).toBeNull();
    expect(parseDateOfBirth('yesterday', 'US')).toBeNull();
    expect(parseDateOfBirth('1850-01-01', 'US')).toBeNull();
  });

  it('reads and judges 10,000 rows in well under a second', () => {
    const lines = ['first name,last name,mobile,timezone,appointment'];
    for (let i = 0; i < 10_000; i++) lines.push(`Pat${i},Jones,(860) 555-${String(i % 10_000).padStart(4, '0')},America/New_York,2026-12-0${(i % 9) + 1}`);
    const started = performance.now();
    const t = table(lines.join('\n'));
    const v = validateContacts(t, suggestMapping(t.headers), { country: 'US', doNotCall: new Set(['+18605550007']) });
    const elapsed = performance.now() - started;
    expect(v.contacts.length + v.rejected.length).toBe(10_000);
    expect(v.problemCounts.do_not_call).toBe(1);
    expect(elapsed).toBeLessThan(1000);
  });
});
