import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRequests, handoffs } from '../../db/schema/index.js';
import { cookiesFrom, createStaffUser, createTestApp, errorCode, outboxFor, signIn, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, portalSignIn, submitWebRequest } from '../../test-support/patients.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';

let t: TestAppHandle;
let practice: OrganizationRow;
let staffCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  practice = await createPractice(t.ctx);
  const agent = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [practice.id] });
  staffCookie = await signIn(t.app, agent.email, agent.password);
});
afterAll(() => t?.close());

const signInStart = (payload: Record<string, unknown>, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/portal/sign-in', headers, payload });
const overview = (cookie: string) => t.app.inject({ url: '/api/portal/overview', headers: { cookie } });
const requestIdOf = async (referenceCode: string) => (await t.db.select().from(appointmentRequests).where(eq(appointmentRequests.referenceCode, referenceCode)))[0]!;

describe('sign-in with a one-time code', () => {
  it('sends a 6-digit code through the outbox; the code starts a patient session of its own', async () => {
    const r = await submitWebRequest(t.app, practice.slug);
    const cookie = await portalSignIn(t.app, t.ctx, practice.slug, r.email, r.dateOfBirth);
    expect(cookie).toMatch(/^sb\.patient=/);
    expect(cookie).not.toContain('sb.session_token');
    const res = await overview(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().requests).toEqual([expect.objectContaining({ referenceCode: r.referenceCode, status: 'submitted', canCancel: true, intake: { status: 'not_started', available: true } })]);
    expect(res.json().patient.firstName).toBe('Ana');
  });

  it('also by phone (any format), the code by text message', async () => {
    const r = await submitWebRequest(t.app, practice.slug, { phone: '860-555-0177', email: '' });
    const cookie = await portalSignIn(t.app, t.ctx, practice.slug, '+1 (860) 555-0177', r.dateOfBirth);
    expect((await overview(cookie)).json().requests.map((x: { referenceCode: string }) => x.referenceCode)).toContain(r.referenceCode);
  });

  it('answers the same whether or not a patient matched, and sends nothing when none did', async () => {
    const r = await submitWebRequest(t.app, practice.slug);
    const matched = await signInStart({ organization: practice.slug, contact: r.email, dateOfBirth: r.dateOfBirth });
    const wrongDob = await signInStart({ organization: practice.slug, contact: r.email, dateOfBirth: '1990-01-01' });
    const stranger = await signInStart({ organization: practice.slug, contact: 'nobody@example.test', dateOfBirth: r.dateOfBirth });
    for (const res of [matched, wrongDob, stranger]) {
      expect(res.statusCode).toBe(202);
      expect(Object.keys(res.json()).sort()).toEqual(['challengeId', 'channel', 'expiresInSeconds', 'sentTo']);
    }
    expect(await outboxFor(t.db, 'nobody@example.test')).toEqual([]);
    expect(await outboxFor(t.db, r.email, 'portal-sign-in-code')).toHaveLength(1);
    // A challenge that matched nobody can never be answered.
    for (const code of ['000000', '123456']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/portal/verify', payload: { challengeId: stranger.json().challengeId, code } });
      expect(errorCode(res)).toBe('invalid_code');
    }
  });

  it('five tries, then the code is dead even when right', async () => {
    const r = await submitWebRequest(t.app, practice.slug);
    const start = await signInStart({ organization: practice.slug, contact: r.email, dateOfBirth: r.dateOfBirth });
    const code = /\b(\d{6})\b/.exec((await outboxFor(t.db, r.email, 'portal-sign-in-code'))[0]!.body)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    const left: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/portal/verify', payload: { challengeId: start.json().challengeId, code: wrong } });
      left.push(res.json().error.attemptsLeft ?? res.json().error.code);
    }
    expect(left).toEqual([4, 3, 2, 1, 'code_expired']);
    const right = await t.app.inject({ method: 'POST', url: '/api/portal/verify', payload: { challengeId: start.json().challengeId, code } });
    expect(errorCode(right)).toBe('code_expired');
  });

  it('a code is single use and lasts 10 minutes', async () => {
    const r = await submitWebRequest(t.app, practice.slug);
    const once = await signInStart({ organization: practice.slug, contact: r.email, dateOfBirth: r.dateOfBirth });
    const code = /\b(\d{6})\b/.exec((await outboxFor(t.db, r.email, 'portal-sign-in-code'))[0]!.body)![1]!;
    const verify = () => t.app.inject({ method: 'POST', url: '/api/portal/verify', payload: { challengeId: once.json().challengeId, code } });
    const [a, b] = await Promise.all([verify(), verify()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);

    const late = await signInStart({ organization: practice.slug, contact: r.email, dateOfBirth: r.dateOfBirth });
    const lateCode = /\b(\d{6})\b/.exec((await outboxFor(t.db, r.email, 'portal-sign-in-code'))[0]!.body)![1]!;
    t.ctx.clock.advance(10 * 60_000 + 1_000);
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/portal/verify', payload: { challengeId: late.json().challengeId, code: lateCode } });
      expect(errorCode(res)).toBe('code_expired');
    } finally {
      t.ctx.clock.reset();
    }
  });

  it('is rate-limited per address, and messages are in the patient’s language', async () => {
    const strict = await createTestApp({ RATE_LIMIT_SCALE: '1' });
    try {
      const org = await createPractice(strict.ctx);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await strict.app.inject({ method: 'POST', url: '/api/portal/sign-in', payload: { organization: org.slug, contact: `x${i}@example.test`, dateOfBirth: '1980-01-01' } })).statusCode);
      expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await strict.close();
    }
    const es = await signInStart({ organization: practice.slug, contact: 'not an address', dateOfBirth: '1980-01-01' }, { 'accept-language': 'es' });
    expect(es.json().error.fields).toEqual({ contact: 'Introduzca un correo electrónico o un teléfono válido.' });
  });

  it('the session ends after 15 idle minutes, and on sign-out', async () => {
    const r = await submitWebRequest(t.app, practice.slug);
    const cookie = await portalSignIn(t.app, t.ctx, practice.slug, r.email, r.dateOfBirth);
    t.ctx.clock.advance(14 * 60_000);
    expect((await overview(cookie)).statusCode).toBe(200);
    t.ctx.clock.advance(15 * 60_000 + 1_000);
    try {
      const res = await overview(cookie);
      expect(res.statusCode).toBe(401);
      expect(errorCode(res)).toBe('patient_session_expired');
    } finally {
      t.ctx.clock.reset();
    }
    const again = await portalSignIn(t.app, t.ctx, practice.slug, r.email, r.dateOfBirth);
    const out = await t.app.inject({ method: 'POST', url: '/api/portal/sign-out', headers: { cookie: again } });
    expect(out.statusCode).toBe(204);
    expect((await overview(again)).statusCode).toBe(401);
  });
});

describe('isolation', () => {
  it('a patient sees only their own requests, and cannot touch another patient’s', async () => {
    const mine = await submitWebRequest(t.app, practice.slug);
    const theirs = await submitWebRequest(t.app, practice.slug, { firstName: 'Other', dateOfBirth: '1970-07-07' });
    const cookie = await portalSignIn(t.app, t.ctx, practice.slug, mine.email, mine.dateOfBirth);
    const codes = (await overview(cookie)).json().requests.map((r: { referenceCode: string }) => r.referenceCode);
    expect(codes).toEqual([mine.referenceCode]);
    const other = await requestIdOf(theirs.referenceCode);
    for (const path of ['cancel', 'intake-link']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/portal/requests/${other.id}/${path}`, headers: { cookie }, payload: {} });
      expect(res.statusCode, path).toBe(404);
    }
    expect((await requestIdOf(theirs.referenceCode)).status).toBe('submitted');
  });

  it('the same person at another practice is not visible from this practice’s session', async () => {
    const elsewhere = await createPractice(t.ctx);
    const here = await submitWebRequest(t.app, practice.slug);
    const there = await submitWebRequest(t.app, elsewhere.slug, { email: here.email });
    const cookie = await portalSignIn(t.app, t.ctx, practice.slug, here.email, here.dateOfBirth);
    const codes = (await overview(cookie)).json().requests.map((r: { referenceCode: string }) => r.referenceCode);
    expect(codes).toContain(here.referenceCode);
    expect(codes).not.toContain(there.referenceCode);
  });

  it('staff routes refuse a patient cookie, and the portal refuses a staff cookie', async () => {
    const r = await submitWebRequest(t.app, practice.slug);
    const cookie = await portalSignIn(t.app, t.ctx, practice.slug, r.email, r.dateOfBirth);
    const id = (await requestIdOf(r.referenceCode)).id;
    for (const url of ['/api/session', '/api/handoffs', `/api/appointment-requests/${id}/intake`, '/api/organizations', '/api/developer/outbox']) {
      const res = await t.app.inject({ url, headers: { cookie } });
      expect(res.statusCode, url).toBe(401);
    }
    expect((await overview(staffCookie)).statusCode).toBe(401);
    const tampered = cookie.replace(/=(.)/, (_m, c: string) => `=${c === 'A' ? 'B' : 'A'}`);
    expect((await overview(tampered)).statusCode).toBe(401);
  });
});

describe('requests in the portal', () => {
  it('shows the history, the scheduled time and messages from the practice', async () => {
    const r = await submitWebRequest(t.app, practice.slug);
    const row = await requestIdOf(r.referenceCode);
    const [handoff] = await t.db.select().from(handoffs).where(eq(handoffs.appointmentRequestId, row.id));
    const sent = await t.app.inject({ method: 'POST', url: `/api/handoffs/${handoff!.id}/messages`, headers: { cookie: staffCookie }, payload: { channel: 'email', body: 'Please bring your insurance card.' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const scheduled = await t.app.inject({
      method: 'POST',
      url: `/api/appointment-requests/${row.id}/schedule`,
      headers: { cookie: staffCookie },
      payload: { version: (await requestIdOf(r.referenceCode)).version, scheduledFor: `${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)}T09:30` },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const scheduledFor = (await requestIdOf(r.referenceCode)).scheduledFor!.toISOString();
    const cookie = await portalSignIn(t.app, t.ctx, practice.slug, r.email, r.dateOfBirth);
    const [view] = (await overview(cookie)).json().requests;
    expect(view).toMatchObject({ status: 'scheduled', scheduledFor, canCancel: false });
    expect(view.history.map((h: { status: string; by: string }) => `${h.status}:${h.by}`)).toEqual(['submitted:you', 'scheduled:practice']);
    expect(view.messages).toEqual([expect.objectContaining({ body: 'Please bring your insurance card.', channel: 'email' })]);
    // Scheduled: too late to cancel here.
    const cancel = await t.app.inject({ method: 'POST', url: `/api/portal/requests/${row.id}/cancel`, headers: { cookie }, payload: {} });
    expect(cancel.statusCode).toBe(409);
    expect(errorCode(cancel)).toBe('invalid_transition');
  });

  it('cancels a pending request atomically and closes its handoff', async () => {
    const r = await submitWebRequest(t.app, practice.slug);
    const row = await requestIdOf(r.referenceCode);
    const cookie = await portalSignIn(t.app, t.ctx, practice.slug, r.email, r.dateOfBirth);
    const cancel = () => t.app.inject({ method: 'POST', url: `/api/portal/requests/${row.id}/cancel`, headers: { cookie }, payload: { reason: 'Feeling better' } });
    const [a, b] = await Promise.all([cancel(), cancel()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const after = await requestIdOf(r.referenceCode);
    expect(after).toMatchObject({ status: 'canceled', cancelReason: 'Feeling better' });
    const [handoff] = await t.db.select().from(handoffs).where(eq(handoffs.appointmentRequestId, row.id));
    expect(handoff!.status).toBe('resolved');
    expect(handoff!.resolution).toBe('canceled_by_patient');
  });

  it('gives a fresh intake link for the patient’s request', async () => {
    const r = await submitWebRequest(t.app, practice.slug);
    const row = await requestIdOf(r.referenceCode);
    const cookie = await portalSignIn(t.app, t.ctx, practice.slug, r.email, r.dateOfBirth);
    const res = await t.app.inject({ method: 'POST', url: `/api/portal/requests/${row.id}/intake-link`, headers: { cookie }, payload: {} });
    expect(res.statusCode).toBe(200);
    const token = /token=([A-Za-z0-9_-]+)$/.exec(res.json().url)![1]!;
    const form = await t.app.inject({ url: '/api/intake', headers: { 'x-intake-token': token } });
    expect(form.json().request.referenceCode).toBe(r.referenceCode);
  });
});

describe('bad input', () => {
  const SCRIPT = '<script>alert(1)</script>';
  const SQL = "x' OR '1'='1";
  it.each([
    ['contact', '', 'required'],
    ['contact', 'a'.repeat(255), 'tooLong:254'],
    ['contact', 42, 'wrongType'],
    ['contact', 'ana@', 'format'],
    ['contact', SCRIPT, 'markup'],
    ['contact', SQL, 'format'],
    ['dateOfBirth', '', 'required'],
    ['dateOfBirth', '1985-02-30', 'dateFormat'],
    ['dateOfBirth', '2999-01-01', 'future'],
    ['dateOfBirth', SCRIPT, 'dateFormat'],
    ['dateOfBirth', SQL, 'dateFormat'],
    ['dateOfBirth', [], 'wrongType'],
  ])('sign-in %s = %j → %s', async (field, value, key) => {
    const res = await signInStart({ organization: practice.slug, contact: 'ana@example.test', dateOfBirth: '1985-03-04', [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fieldKeys).toEqual({ [field]: key });
  });

  it.each([
    ['', 'required'],
    ['12345', 'format'],
    ['1234567', 'format'],
    ['12a456', 'format'],
    [123456, 'wrongType'],
    ['<script>', 'format'],
    ["1' OR 1", 'format'],
  ])('verify code %j → %s', async (code, key) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/portal/verify', payload: { challengeId: crypto.randomUUID(), code } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fieldKeys).toEqual({ code: key });
  });

  it('cancel reason: too long, wrong type, markup → 400; nothing changes', async () => {
    const r = await submitWebRequest(t.app, practice.slug);
    const row = await requestIdOf(r.referenceCode);
    const cookie = await portalSignIn(t.app, t.ctx, practice.slug, r.email, r.dateOfBirth);
    for (const [reason, key] of [['x'.repeat(501), 'tooLong:500'], [5, 'wrongType'], ['<script>x</script>', 'markup']] as const) {
      const res = await t.app.inject({ method: 'POST', url: `/api/portal/requests/${row.id}/cancel`, headers: { cookie }, payload: { reason } });
      expect(res.json().error.fieldKeys).toEqual({ reason: key });
    }
    expect((await requestIdOf(r.referenceCode)).status).toBe('submitted');
    const bogus = await t.app.inject({ method: 'POST', url: "/api/portal/requests/1' OR '1'='1/cancel", headers: { cookie: cookiesFrom(await overview(cookie), cookie) }, payload: {} });
    expect(bogus.statusCode).toBe(404);
  });
});
