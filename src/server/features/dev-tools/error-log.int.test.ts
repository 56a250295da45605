import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createCall, createOrganization, createStaffUser, createTestApp, errorCode, signIn, type TestAppHandle } from '../../test-support/index.js';
import { errorEvents } from '../../db/schema/index.js';
import { reportError } from '../errors/errors.service.js';

let t: TestAppHandle;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createStaffUser(t.ctx, { role: 'admin' });
  adminCookie = await signIn(t.app, admin.email, admin.password);
});
afterAll(() => t?.close());

const find = (digest: string, cookie = adminCookie) => t.app.inject({ url: `/api/developer/errors/${digest}`, headers: { cookie } });

describe('server errors', () => {
  it('answer 500 with a digest and no stack trace; the digest finds the full report', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sentry-example/server-error', headers: { 'user-agent': 'vitest' } });
    expect(res.statusCode).toBe(500);
    const { error } = res.json();
    expect(error.code).toBe('internal_error');
    expect(error.digest).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(error.message).toContain(error.digest);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    expect(res.body).not.toContain('Sentry example');

    const found = await find(error.digest);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      digest: error.digest,
      source: 'server',
      message: expect.stringContaining('Sentry example'),
      stack: expect.stringContaining('Error: Sentry example'),
      route: '/api/sentry-example/server-error',
      method: 'POST',
      statusCode: 500,
      requestId: expect.any(String),
    });
  });

  it('the digest is found in any letter case', async () => {
    const { digest } = (await t.app.inject({ method: 'POST', url: '/api/sentry-example/server-error' })).json().error;
    expect((await find(digest.toLowerCase())).statusCode).toBe(200);
  });

  it('an unknown digest is 404', async () => {
    const res = await find('ZZZZZ-ZZZZZ');
    expect(res.statusCode).toBe(404);
    expect(errorCode(res)).toBe('not_found');
  });

  it('are listed newest first, filtered by source', async () => {
    const { digest } = (await t.app.inject({ method: 'POST', url: '/api/sentry-example/server-error' })).json().error;
    const res = await t.app.inject({ url: '/api/developer/errors?source=server&limit=5', headers: { cookie: adminCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0].digest).toBe(digest);
    expect(res.json().items.every((e: { source: string }) => e.source === 'server')).toBe(true);
  });
});

describe('client errors', () => {
  it('are stored and answered with a digest that finds them', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'user-agent': 'Mozilla/5.0 test' },
      payload: { message: 'TypeError: x is undefined', stack: 'TypeError: x is undefined\n    at render (app.js:1:1)', route: '/calls/123', sentryEventId: 'abc123' },
    });
    expect(res.statusCode).toBe(201);
    const { digest } = res.json();
    expect(digest).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const found = (await find(digest)).json();
    expect(found).toMatchObject({ source: 'client', message: 'TypeError: x is undefined', route: '/calls/123', userId: null });
  });

  it('carry the signed-in user when there is one', async () => {
    const u = await createStaffUser(t.ctx, { role: 'agent' });
    const cookie = await signIn(t.app, u.email, u.password);
    const { digest } = (await t.app.inject({ method: 'POST', url: '/api/client-errors', headers: { cookie }, payload: { message: 'boom' } })).json();
    expect((await find(digest)).json().userId).toBe(u.id);
  });

  it('refuse an empty or oversized report with 400', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/client-errors', payload: { message: '' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/client-errors', payload: { message: 'x'.repeat(2001) } })).statusCode).toBe(400);
  });
});

describe('public configuration', () => {
  it('tells the browser whether Sentry is configured', async () => {
    const res = await t.app.inject({ url: '/api/public-config' });
    expect(res.json()).toEqual({ sentryDsn: null, environment: 'test' });
  });
});

describe('the error log', () => {
  it('pages by cursor without skipping or repeating errors logged in the same instant', async () => {
    const sameInstant = new Date('2026-03-01T10:00:00.654321Z');
    await t.db.insert(errorEvents).values(
      [1, 2, 3, 4, 5].map((n) => ({ digest: `PAGE${n}-TESTS`, source: 'worker' as const, message: `same instant ${n}`, createdAt: sameInstant })),
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const res = await t.app.inject({ url: `/api/developer/errors?source=worker&limit=2${cursor ? `&cursor=${cursor}` : ''}`, headers: { cookie: adminCookie } });
      expect(res.statusCode).toBe(200);
      const items = res.json().items as { message: string; cursor: string }[];
      seen.push(...items.map((e) => e.message).filter((m) => m.startsWith('same instant')));
      if (items.length < 2) break;
      cursor = items.at(-1)!.cursor;
    }
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5].map((n) => `same instant ${n}`));
  });
});

/** A developer (or another role) of one organization, signed in. */
async function memberOf(organizationId: string, role: 'developer' | 'agent' | 'admin' = 'developer') {
  const u = await createStaffUser(t.ctx, { role, organizationIds: [organizationId] });
  return { ...u, cookie: await signIn(t.app, u.email, u.password) };
}

const listAs = async (cookie: string, query = 'limit=200') => {
  const res = await t.app.inject({ url: `/api/developer/errors?${query}`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().items as { digest: string; organizationId: string | null; message: string; count: number }[];
};

const storedRow = async (digest: string) => (await t.db.select().from(errorEvents).where(eq(errorEvents.digest, digest)))[0]!;

describe('errors of a failed staff action (issue 14 §1)', () => {
  const NOTE = 'Tom Kowalski, born 1961-04-12, diagnosis: type 2 diabetes, call back on +18605550147';
  const SECRETS = ['Kowalski', '1961-04-12', 'diabetes', '+18605550147'];

  /** A note on a call of a new clinic that the database refuses (a test-only constraint): a 500 with a digest. */
  async function failedNote() {
    const home = await createOrganization(t.ctx, { name: 'Error Log Home Clinic' });
    const call = await createCall(t.ctx, { organizationId: home.id, fromNumber: '+18605550146' });
    // An admin belongs to every organization: the call's organization is what files the error.
    const admin = await memberOf(home.id, 'admin');
    await t.ctx.pool.query(`alter table call_events add constraint error_log_refuses_notes check (kind <> 'note')`);
    try {
      const res = await t.app.inject({ method: 'POST', url: `/api/calls/${call.id}/notes`, headers: { cookie: admin.cookie }, payload: { text: NOTE } });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('Kowalski');
      return { home, digest: res.json().error.digest as string };
    } finally {
      await t.ctx.pool.query('alter table call_events drop constraint error_log_refuses_notes');
    }
  }

  it("are filed under the call's organization: its developer reads them, another practice's developer gets 404 and an error log without them", async () => {
    const { home, digest } = await failedNote();
    expect((await storedRow(digest)).organizationId).toBe(home.id);

    const own = await memberOf(home.id);
    expect((await find(digest, own.cookie)).statusCode).toBe(200);
    expect((await listAs(own.cookie)).map((e) => e.digest)).toContain(digest);

    const otherClinic = await createOrganization(t.ctx, { name: 'Error Log Other Clinic' });
    const outsider = await memberOf(otherClinic.id);
    const res = await find(digest, outsider.cookie);
    expect(res.statusCode).toBe(404);
    expect(errorCode(res)).toBe('not_found');
    expect((await listAs(outsider.cookie)).map((e) => e.digest)).not.toContain(digest);

    // Admins read every organization's errors.
    expect((await find(digest)).json().organizationId).toBe(home.id);
  });

  it('keep the statement and the field names but no value it was given, in the database and in the answer', async () => {
    const { digest } = await failedNote();
    const row = await storedRow(digest);
    const answer = (await find(digest)).body;
    for (const text of [JSON.stringify(row), answer]) {
      for (const secret of SECRETS) expect(text).not.toContain(secret);
    }
    expect(row.message).toMatch(/^Failed query: insert into "call_events" \("call_id", "seq", "kind", "payload"/);
    expect(row.message).toContain('params: 5 values [withheld]');
    expect(row.message).toContain('violates check constraint "error_log_refuses_notes"');
    expect(row.message).toContain('detail: Failing row contains ([withheld]).');
    expect(row.stack).toMatch(/^DrizzleQueryError: Failed query: /);
    expect(row.stack).toMatch(/\n\s+at /);
  });

  it('of no organization are for admins only', async () => {
    const { digest } = (await t.app.inject({ method: 'POST', url: '/api/sentry-example/server-error' })).json().error;
    expect((await storedRow(digest)).organizationId).toBeNull();
    expect((await find(digest)).statusCode).toBe(200);
    const clinic = await createOrganization(t.ctx);
    const dev = await memberOf(clinic.id);
    expect((await find(digest, dev.cookie)).statusCode).toBe(404);
    expect((await listAs(dev.cookie)).some((e) => e.organizationId !== clinic.id)).toBe(false);
  });

  it("a browser's report is filed under the signed-in user's only organization", async () => {
    const clinic = await createOrganization(t.ctx);
    const agent = await memberOf(clinic.id, 'agent');
    const res = await t.app.inject({ method: 'POST', url: '/api/client-errors', headers: { cookie: agent.cookie }, payload: { message: `clinic report ${clinic.id}` } });
    expect(res.statusCode).toBe(201);
    const { digest } = res.json();
    expect((await storedRow(digest)).organizationId).toBe(clinic.id);
    expect((await find(digest, (await memberOf(clinic.id)).cookie)).statusCode).toBe(200);
  });
});

describe('text that PostgreSQL cannot store (issue 14 §1)', () => {
  it('is stored with NUL bytes and lone surrogates replaced, so the digest finds the report', async () => {
    const error = new Error('caller \u0000 said \uD800 then \uDFFF');
    error.stack = `Error: caller \u0000 said \uD800\n    at handler (/srv/app.ts:1:1)`;
    const { digest } = await reportError(t.db, {
      source: 'server',
      error,
      route: '/telephony/twilio/voice\u0000',
      method: 'POST',
      requestId: 'req-\uDBFF',
      context: { ['key\u0000']: ['a\u0000', { b: '\uD83D' }], fine: '\uD83D\uDE00' },
    });
    const res = await find(digest);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'caller \uFFFD said \uFFFD then \uFFFD',
      stack: expect.stringContaining('Error: caller \uFFFD said \uFFFD then \uFFFD\n    at handler'),
      route: '/telephony/twilio/voice\uFFFD',
      requestId: 'req-\uFFFD',
    });
    expect((await storedRow(digest)).context).toEqual({ ['key\uFFFD']: ['a\uFFFD', { b: '\uFFFD' }], fine: '\uD83D\uDE00' });
  });

  it('a message cut at its limit does not leave half of a surrogate pair', async () => {
    const { digest } = await reportError(t.db, { source: 'client', message: `${'x'.repeat(1999)}\uD83D\uDE00` });
    const res = await find(digest);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`${'x'.repeat(1999)}\uFFFD`);
  });
});

describe("browsers' reports: repeats folded, new ones capped (issue 14 §1)", () => {
  let limited: TestAppHandle;
  let limitedAdmin: string;
  beforeAll(async () => {
    // The caps scale with RATE_LIMIT_SCALE (100 in other tests): at 1, 10 new reports an hour per address, 100 in all.
    limited = await createTestApp({ RATE_LIMIT_SCALE: '1' });
    const admin = await createStaffUser(limited.ctx, { role: 'admin' });
    limitedAdmin = await signIn(limited.app, admin.email, admin.password);
  });
  afterAll(() => limited?.close());

  const report = (payload: Record<string, string>, remoteAddress = '198.51.100.1') =>
    limited.app.inject({ method: 'POST', url: '/api/client-errors', remoteAddress, payload });
  const eventsOf = (message: string) => limited.db.select().from(errorEvents).where(eq(errorEvents.message, message));
  const stack = (frame: string) => `TypeError: x is undefined\n    at ${frame}\n    at main (app.js:9:9)`;

  it('the same message, first frame and page path are one event with a count and the time last seen', async () => {
    const message = 'TypeError: folded x is undefined';
    const digests: string[] = [];
    for (const route of ['/calls/7?q=Tom%20Kowalski', '/calls/7', '/calls/7#notes']) {
      const res = await report({ message, stack: stack('render (app.js:1:1)'), route }, `198.51.100.${digests.length + 10}`);
      expect(res.statusCode).toBe(201);
      digests.push(res.json().digest);
    }
    expect(new Set(digests).size).toBe(1);
    const rows = await eventsOf(message);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ count: 3, route: '/calls/7' });
    expect(rows[0]!.lastSeenAt.getTime()).toBeGreaterThan(rows[0]!.createdAt.getTime());

    const found = (await limited.app.inject({ url: `/api/developer/errors/${digests[0]}`, headers: { cookie: limitedAdmin } })).json();
    expect(found).toMatchObject({ count: 3, lastSeenAt: rows[0]!.lastSeenAt.toISOString(), route: '/calls/7' });
    const listed = (await limited.app.inject({ url: '/api/developer/errors?source=client', headers: { cookie: limitedAdmin } })).json().items;
    expect(listed.filter((e: { message: string }) => e.message === message)).toEqual([expect.objectContaining({ count: 3 })]);

    // Another first frame, or another page, is another event.
    const otherFrame = (await report({ message, stack: stack('paint (app.js:2:2)'), route: '/calls/7' })).json().digest;
    const otherPage = (await report({ message, stack: stack('render (app.js:1:1)'), route: '/calls/8' })).json().digest;
    expect(new Set([digests[0], otherFrame, otherPage]).size).toBe(3);
  });

  it('an address stores at most 10 new reports an hour; its repeats are still counted; other addresses go on', async () => {
    const address = '203.0.113.7';
    const first: string[] = [];
    for (let n = 0; n < 10; n++) {
      const res = await report({ message: `capped per address ${n}` }, address);
      expect(res.statusCode, res.body).toBe(201);
      first.push(res.json().digest);
    }
    const refused = await report({ message: 'capped per address 10' }, address);
    expect(refused.statusCode).toBe(429);
    expect(errorCode(refused)).toBe('rate_limited');
    expect(await eventsOf('capped per address 10')).toHaveLength(0);

    const repeat = await report({ message: 'capped per address 3' }, address);
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json().digest).toBe(first[3]);
    expect((await eventsOf('capped per address 3'))[0]!.count).toBe(2);

    expect((await report({ message: 'from another address' }, '203.0.113.8')).statusCode).toBe(201);
  });

  it('all addresses together store at most 100 new reports an hour', async () => {
    const stored = async () => (await limited.db.select().from(errorEvents).where(eq(errorEvents.source, 'client'))).length;
    let address = 20;
    while ((await stored()) < 100) {
      for (let n = 0; n < 10 && (await stored()) < 100; n++) {
        expect((await report({ message: `filling the log ${address}.${n}` }, `192.0.2.${address}`)).statusCode).toBe(201);
      }
      address++;
    }
    const refused = await report({ message: 'one too many' }, '192.0.2.250');
    expect(refused.statusCode).toBe(429);
    expect(await stored()).toBe(100);
  });
});
