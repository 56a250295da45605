import { describe, expect, it } from 'vitest';
import { safeMessage, safeStack, storable } from './error-text.js';

/** What node-postgres raises (a DatabaseError: SQLSTATE `code`, `severity`, `detail`, …). */
function pgError(message: string, fields: Record<string, string>): Error {
  return Object.assign(new Error(message), { severity: 'ERROR', ...fields });
}

/** What Drizzle raises around it. */
function queryError(query: string, params: unknown[], cause: unknown): Error {
  return Object.assign(new Error(`Failed query: ${query}\nparams: ${params.join(',')}`), { name: 'DrizzleQueryError', query, params, cause });
}

describe('safeMessage', () => {
  it('keeps the statement and the key names of a unique violation, never the values', () => {
    const err = queryError(
      'insert into "patients" ("name", "phone") values ($1, $2)',
      ['Tom Kowalski', '+18605550147'],
      pgError('duplicate key value violates unique constraint "patients_phone_unique"', { code: '23505', detail: 'Key (organization_id, phone)=(0b7c, +18605550147) already exists.', table: 'patients', constraint: 'patients_phone_unique' }),
    );
    const text = safeMessage(err);
    expect(text).not.toMatch(/Kowalski|5550147/);
    expect(text).toBe(
      [
        'Failed query: insert into "patients" ("name", "phone") values ($1, $2)',
        'params: 2 values [withheld]',
        'duplicate key value violates unique constraint "patients_phone_unique" (SQLSTATE 23505; table patients, constraint patients_phone_unique)',
        'detail: Key (organization_id, phone)=([withheld]) already exists.',
      ].join('\n'),
    );
  });

  it('withholds the value a data error quotes, a failing row, and details it does not know', () => {
    expect(safeMessage(pgError('invalid input syntax for type uuid: "Tom Kowalski"', { code: '22P02' }))).toBe('invalid input syntax for type uuid: [withheld] (SQLSTATE 22P02)');
    expect(safeMessage(pgError('new row violates check constraint "c"', { code: '23514', detail: 'Failing row contains (1, Tom Kowalski).' }))).toContain('detail: Failing row contains ([withheld]).');
    expect(safeMessage(pgError('x', { code: 'XX000', detail: 'something about Tom Kowalski' }))).toBe('x (SQLSTATE XX000)\ndetail: [withheld]');
    expect(safeMessage(pgError('fk', { code: '23503', detail: 'Key (patient_id)=(42) is not present in table "patients".' }))).toContain('detail: Key (patient_id)=([withheld]) is not present in table "patients".');
  });

  it('drops Drizzle parameters copied into any message, values on several lines included', () => {
    const err = new Error('wrapped: Failed query: update "notes" set "text" = $1\nparams: Tom Kowalski\nborn 1961');
    expect(safeMessage(err)).toBe('wrapped: Failed query: update "notes" set "text" = $1\nparams: [withheld]');
    expect(safeMessage('plain text')).toBe('plain text');
  });
});

describe('safeStack', () => {
  it('heads the frames with the safe message instead of the original one', () => {
    const err = queryError('select 1 where "name" = $1', ['Tom Kowalski'], new Error('boom'));
    err.stack = `DrizzleQueryError: Failed query: select 1 where "name" = $1\nparams: Tom Kowalski\n    at query (db.ts:1:1)\n    at handler (routes.ts:2:2)`;
    const message = safeMessage(err);
    expect(safeStack(err, message)).toBe(`DrizzleQueryError: ${message}\n    at query (db.ts:1:1)\n    at handler (routes.ts:2:2)`);
    expect(safeStack('not an error', 'x')).toBeNull();
  });
});

describe('storable', () => {
  it('replaces NUL bytes and lone surrogates, and keeps pairs', () => {
    expect(storable('a\u0000b\uD800c\uDC00d\uD83D\uDE00')).toBe('a\uFFFDb\uFFFDc\uFFFDd\uD83D\uDE00');
  });
});
