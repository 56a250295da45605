import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, createTestApp, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, requestFields } from '../../test-support/patients.js';

/**
 * Bad input (PRODUCT §7, issue 5): every field of both steps tried empty, too long, of the
 * wrong type, in the wrong format, with script tags and with SQL fragments. Each bad value is
 * a 400 naming that field with a message in the patient's language, and what was saved stays.
 * Free-text fields keep SQL-looking text verbatim (it is data; queries are parameterised) —
 * those rows say `ok`.
 */

const SCRIPT = '<script>alert(1)</script>';
const SQL = "Robert'); DROP TABLE patients;--";
const long = (n: number) => 'a'.repeat(n + 1);

type Expect = string | 'ok';
interface Row {
  field: string;
  step: 1 | 2;
  cases: Record<'empty' | 'tooLong' | 'wrongType' | 'format' | 'script' | 'sql', [unknown, Expect]>;
  /** Fields only checked in a context (e.g. the description of "other"). */
  with?: Record<string, unknown>;
}

const ROWS: Row[] = [
  { field: 'firstName', step: 1, cases: { empty: ['', 'required'], tooLong: [long(60), 'tooLong:60'], wrongType: [42, 'wrongType'], format: ['Ana3', 'nameFormat'], script: [SCRIPT, 'markup'], sql: [SQL, 'nameFormat'] } },
  { field: 'lastName', step: 1, cases: { empty: ['  ', 'required'], tooLong: [long(60), 'tooLong:60'], wrongType: [['x'], 'wrongType'], format: ['O@Brien', 'nameFormat'], script: [SCRIPT, 'markup'], sql: [SQL, 'nameFormat'] } },
  { field: 'dateOfBirth', step: 1, cases: { empty: ['', 'required'], tooLong: ['1985-03-041', 'dateFormat'], wrongType: [19850304, 'wrongType'], format: ['1985-02-30', 'dateFormat'], script: [SCRIPT, 'dateFormat'], sql: [SQL, 'dateFormat'] } },
  { field: 'phone', step: 1, cases: { empty: ['', 'required'], tooLong: ['1'.repeat(31), 'tooLong:30'], wrongType: [8605550142, 'wrongType'], format: ['555', 'phoneFormat'], script: [SCRIPT, 'phoneFormat'], sql: [SQL, 'tooLong:30'] } },
  { field: 'email', step: 1, cases: { empty: ['', 'ok'], tooLong: [`${long(250)}@x.io`, 'tooLong:254'], wrongType: [true, 'wrongType'], format: ['ana@', 'emailFormat'], script: [SCRIPT, 'emailFormat'], sql: [SQL, 'emailFormat'] } },
  { field: 'isNewPatient', step: 1, cases: { empty: [null, 'required'], tooLong: ['true'.repeat(50), 'wrongType'], wrongType: ['yes', 'wrongType'], format: [1, 'wrongType'], script: [SCRIPT, 'wrongType'], sql: [SQL, 'wrongType'] } },
  { field: 'reason', step: 1, cases: { empty: ['', 'required'], tooLong: [long(100), 'tooLong:100'], wrongType: [{}, 'wrongType'], format: ['Massage', 'unknown'], script: [SCRIPT, 'markup'], sql: [SQL, 'unknown'] } },
  {
    field: 'reasonOther',
    step: 1,
    with: { reason: 'other' },
    cases: { empty: ['', 'required'], tooLong: [long(500), 'tooLong:500'], wrongType: [7, 'wrongType'], format: ['<b>pain</b>', 'markup'], script: [SCRIPT, 'markup'], sql: [SQL, 'ok'] },
  },
  { field: 'preferredDays', step: 2, cases: { empty: [[], 'ok'], tooLong: [Array(8).fill('mon'), 'tooMany:7'], wrongType: ['mon', 'wrongType'], format: [['funday'], 'choice'], script: [[SCRIPT], 'choice'], sql: [[SQL], 'choice'] } },
  { field: 'timesOfDay', step: 2, cases: { empty: [[], 'ok'], tooLong: [Array(4).fill('morning'), 'tooMany:3'], wrongType: [3, 'wrongType'], format: [['noon'], 'choice'], script: [[SCRIPT], 'choice'], sql: [[SQL], 'choice'] } },
  { field: 'earliestDate', step: 2, cases: { empty: ['', 'ok'], tooLong: ['2030-01-011', 'dateFormat'], wrongType: [false, 'wrongType'], format: ['2000-01-01', 'past'], script: [SCRIPT, 'dateFormat'], sql: [SQL, 'dateFormat'] } },
  { field: 'insuranceCarrier', step: 2, cases: { empty: ['', 'ok'], tooLong: [long(100), 'tooLong:100'], wrongType: [99, 'wrongType'], format: ['Aetna <Gold>', 'markup'], script: [SCRIPT, 'markup'], sql: [SQL, 'ok'] } },
  { field: 'insuranceMemberId', step: 2, cases: { empty: ['', 'ok'], tooLong: ['W'.repeat(41), 'tooLong:40'], wrongType: [123, 'wrongType'], format: ['W12#45', 'format'], script: [SCRIPT, 'markup'], sql: [SQL, 'format'] } },
  { field: 'notes', step: 2, cases: { empty: ['', 'ok'], tooLong: [long(1000), 'tooLong:1000'], wrongType: [[], 'wrongType'], format: ['<img src=x onerror=alert(1)>', 'markup'], script: [SCRIPT, 'markup'], sql: [SQL, 'ok'] } },
  { field: 'consentToContact', step: 2, cases: { empty: [false, 'required'], tooLong: ['true'.repeat(50), 'required'], wrongType: ['yes', 'required'], format: [1, 'required'], script: [SCRIPT, 'required'], sql: [SQL, 'required'] } },
];

let t: TestAppHandle;
let slug: string;
beforeAll(async () => {
  t = await createTestApp();
  slug = (await createPractice(t.ctx)).slug;
});
afterAll(() => t?.close());

async function savedDraft() {
  const f = requestFields();
  const start = await t.app.inject({ method: 'POST', url: '/api/public/appointment-requests/draft', payload: { organization: slug } });
  const cookie = cookiesFrom(start);
  for (const [step, body] of [['step-1', f.step1], ['step-2', f.step2]] as const) {
    const res = await t.app.inject({ method: 'PUT', url: `/api/public/appointment-requests/draft/${step}`, headers: { cookie }, payload: body });
    expect(res.statusCode, res.body).toBe(200);
  }
  const saved = (await t.app.inject({ url: '/api/public/appointment-requests/draft', headers: { cookie } })).json().fields;
  return { f, cookie, saved };
}

describe.each(ROWS.map((r) => [r.field, r] as const))('%s', (_field, row) => {
  it.each(Object.entries(row.cases))('%s', async (_kind, [value, expected]) => {
    const { f, cookie, saved } = await savedDraft();
    const base = row.step === 1 ? { ...f.step1, ...row.with } : f.step2;
    for (const locale of ['en', 'es'] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/public/appointment-requests/draft/step-${row.step}`,
        headers: { cookie, 'accept-language': locale },
        payload: { ...base, [row.field]: value },
      });
      if (expected === 'ok') {
        expect(res.statusCode, res.body).toBe(200);
        continue;
      }
      expect(res.statusCode, res.body).toBe(400);
      const error = res.json().error;
      expect(error.code).toBe('validation_failed');
      expect(Object.keys(error.fields)).toEqual([row.field]);
      expect(error.fieldKeys[row.field]).toBe(expected);
      expect(error.fields[row.field]).toMatch(locale === 'es' ? /[áéíóúñ]|Elija|Use|Introduzca|Quite|Marque|Describa|Indíquenos|Este/ : /^[A-Z]/);
      expect(error.fields[row.field]).not.toMatch(/Invalid input|expected/);
      // Nothing saved was lost.
      const after = (await t.app.inject({ url: '/api/public/appointment-requests/draft', headers: { cookie } })).json().fields;
      expect(after).toEqual(saved);
    }
    if (expected === 'ok' && typeof value === 'string' && value) {
      const after = (await t.app.inject({ url: '/api/public/appointment-requests/draft', headers: { cookie } })).json().fields;
      expect(after[row.field]).toBe(value.trim());
    }
  });
});

describe('bodies of the wrong shape', () => {
  it.each([['null', null], ['an array', []], ['a string', 'hello'], ['a number', 42]])('%s is 400, never 500', async (_name, body) => {
    const { cookie } = await savedDraft();
    for (const step of ['step-1', 'step-2']) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/public/appointment-requests/draft/${step}`, headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(res.statusCode, `${step}: ${res.body}`).toBe(400);
    }
    const patch = await t.app.inject({ method: 'PATCH', url: '/api/public/appointment-requests/draft', headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expect(patch.statusCode).toBe(400);
  });

  it('malformed JSON is 400 malformed_body in the patient’s language', async () => {
    const { cookie } = await savedDraft();
    const res = await t.app.inject({ method: 'PATCH', url: '/api/public/appointment-requests/draft', headers: { cookie, 'content-type': 'application/json', 'accept-language': 'es-US,es;q=0.9' }, payload: '{"firstName": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'malformed_body', message: expect.stringContaining('formulario') });
  });

  it('the practice to start with: empty, too long, wrong type → 400; unknown, script or SQL → 404 practice_not_found', async () => {
    const cases: [unknown, number][] = [['', 400], [long(60), 400], [12, 400], ['nope', 404], [SCRIPT, 404], [SQL, 404]];
    for (const [organization, status] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/public/appointment-requests/draft', payload: { organization } });
      expect(res.statusCode, String(organization)).toBe(status);
      if (status === 400) expect(Object.keys(res.json().error.fields)).toEqual(['organization']);
    }
  });
});
