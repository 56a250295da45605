import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createTestApp, errorCode, outboxFor, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, submitWebRequest } from '../../test-support/patients.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';

/** Issue 19 §4: "Send a new code" in the portal sign-in. */
let t: TestAppHandle;
let practice: OrganizationRow;

beforeAll(async () => {
  t = await createTestApp();
  practice = await createPractice(t.ctx);
});
afterAll(() => t?.close());

const signIn = (contact: string, dateOfBirth: string, app = t.app, slug = practice.slug) =>
  app.inject({ method: 'POST', url: '/api/portal/sign-in', payload: { organization: slug, contact, dateOfBirth } });
const resend = (challengeId: unknown, app = t.app, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url: '/api/portal/sign-in/resend', headers, payload: { challengeId } });
const verify = (challengeId: string, code: string) => t.app.inject({ method: 'POST', url: '/api/portal/verify', payload: { challengeId, code } });
const codesTo = async (email: string) => (await outboxFor(t.db, email, 'portal-sign-in-code')).map((m) => /\b(\d{6})\b/.exec(m.body)![1]!);
const later = async <T>(ms: number, fn: () => Promise<T>): Promise<T> => {
  t.ctx.clock.advance(ms);
  return fn();
};

describe('send a new code', () => {
  it('sends a fresh code; the earlier code stops working, the new one signs in; audited', async () => {
    const r = await submitWebRequest(t.app, practice.slug);
    const first = (await signIn(r.email, r.dateOfBirth)).json();
    try {
      const res = await later(31_000, () => resend(first.challengeId));
      expect(res.statusCode).toBe(202);
      const second = res.json();
      expect(Object.keys(second).sort()).toEqual(['challengeId', 'channel', 'expiresInSeconds', 'sentTo']);
      expect(second.challengeId).not.toBe(first.challengeId);
      expect(second.sentTo).toBe(first.sentTo);
      const [newest, oldest] = await codesTo(r.email);
      expect(errorCode(await verify(first.challengeId, oldest!))).toBe('code_expired');
      expect((await verify(second.challengeId, newest!)).statusCode).toBe(200);
      const [audit] = await auditRows(t.db, 'portal.code_resent', second.challengeId);
      expect(audit).toMatchObject({ outcome: 'success', organizationId: practice.id, details: expect.objectContaining({ matched: true, previousChallengeId: first.challengeId, invalidated: 1 }) });
    } finally {
      t.ctx.clock.reset();
    }
  });

  it('one code per 30 seconds and three per 10 minutes to a contact; the answer says when to try again', async () => {
    const r = await submitWebRequest(t.app, practice.slug);
    const first = (await signIn(r.email, r.dateOfBirth)).json();
    try {
      const tooSoon = await later(10_000, () => resend(first.challengeId));
      expect(tooSoon.statusCode).toBe(429);
      // The test clock moves on in real time too: 20 s, or 19 on a slow machine.
      const wait = tooSoon.json().error.retryAfterSeconds as number;
      expect([19, 20]).toContain(wait);
      expect(tooSoon.json().error).toMatchObject({ code: 'resend_too_soon', limit: 'contact', message: `You can ask for a new code in ${wait} seconds.` });
      expect(Math.abs(Date.parse(tooSoon.json().error.retryAt) - (t.ctx.clock.now().getTime() + wait * 1000))).toBeLessThan(2_000);
      expect(await auditRows(t.db, 'portal.code_resent', first.challengeId)).toEqual([expect.objectContaining({ outcome: 'denied' })]);

      const second = (await later(20_000, () => resend(first.challengeId))).json();
      const third = await later(60_000, () => resend(second.challengeId));
      expect(third.statusCode).toBe(202);
      // Three codes in 90 s: the fourth may go when the first is 10 minutes old (510 s from now).
      const fourth = await later(60_000, () => resend(third.json().challengeId));
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().error.code).toBe('resend_too_soon');
      expect([449, 450]).toContain(fourth.json().error.retryAfterSeconds);
      expect(await codesTo(r.email)).toHaveLength(3);
      const fifth = await later(451_000, () => resend(third.json().challengeId));
      expect(fifth.statusCode).toBe(202);
    } finally {
      t.ctx.clock.reset();
    }
  });

  it('answers the same, limits the same and sends nothing when no patient matched', async () => {
    const stranger = `nobody-${Date.now()}@example.test`;
    const first = (await signIn(stranger, '1980-01-01')).json();
    try {
      const again = await later(31_000, () => resend(first.challengeId));
      expect(again.statusCode).toBe(202);
      expect(Object.keys(again.json()).sort()).toEqual(['challengeId', 'channel', 'expiresInSeconds', 'sentTo']);
      expect(errorCode(await resend(again.json().challengeId))).toBe('resend_too_soon');
      expect(await outboxFor(t.db, stranger)).toEqual([]);
      for (const code of ['000000', '123456']) expect(errorCode(await verify(again.json().challengeId, code))).toBe('invalid_code');
    } finally {
      t.ctx.clock.reset();
    }
  });

  it('refuses a challenge that is unknown or already used, and a malformed one, field by field', async () => {
    expect(errorCode(await resend('00000000-0000-4000-8000-000000000000'))).toBe('challenge_ended');
    expect(errorCode(await resend('not-a-uuid'))).toBe('challenge_ended');
    const r = await submitWebRequest(t.app, practice.slug);
    const start = (await signIn(r.email, r.dateOfBirth)).json();
    const [code] = await codesTo(r.email);
    expect((await verify(start.challengeId, code!)).statusCode).toBe(200);
    const used = await later(31_000, () => resend(start.challengeId)).finally(() => t.ctx.clock.reset());
    expect(used.statusCode).toBe(400);
    expect(used.json().error).toMatchObject({ code: 'challenge_ended', message: 'This sign-in has ended. Start again with your email or phone and date of birth.' });

    const empty = await resend('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ challengeId: 'Answer this question.' });
    expect((await resend(12)).json().error.code).toBe('validation_failed');
    expect((await resend('x'.repeat(101))).json().error.fields.challengeId).toBe('Use at most 100 characters.');
    const spanish = await resend('', t.app, { 'accept-language': 'es' });
    expect(spanish.json().error.fields).toEqual({ challengeId: 'Responda a esta pregunta.' });
  });

  it('a code by text message ends with the opt-out sentence in the patient’s language', async () => {
    const r = await submitWebRequest(t.app, practice.slug, { phone: '(860) 555-0193', dateOfBirth: '1970-07-07' });
    const res = await t.app.inject({ method: 'POST', url: '/api/portal/sign-in', headers: { 'accept-language': 'es' }, payload: { organization: practice.slug, contact: '860-555-0193', dateOfBirth: r.dateOfBirth } });
    expect(res.statusCode).toBe(202);
    const [text] = await outboxFor(t.db, '+18605550193', 'portal-sign-in-code');
    expect(text!.body).toMatch(/^Su código para el portal del paciente de .* es \d{6}\. Caduca en 10 minutos\. Si no lo pidió, ignore este mensaje\. Responda STOP para no recibir más mensajes\.$/);
  });

  it('five resends per 10 minutes from one address; the sixth says when to try again', async () => {
    const strict = await createTestApp({ RATE_LIMIT_SCALE: '1' });
    try {
      const org = await createPractice(strict.ctx);
      const challenges: string[] = [];
      for (let i = 0; i < 6; i++) challenges.push((await signIn(`limit-${i}-${Date.now()}@example.test`, '1980-01-01', strict.app, org.slug)).json().challengeId);
      strict.ctx.clock.advance(31_000);
      const statuses: number[] = [];
      let last;
      for (const id of challenges) {
        last = await resend(id, strict.app);
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
      expect(last!.json().error).toMatchObject({ code: 'resend_too_soon', limit: 'address' });
      expect(last!.json().error.retryAfterSeconds).toBeGreaterThan(500);
      expect(last!.json().error.retryAfterSeconds).toBeLessThanOrEqual(600);
    } finally {
      await strict.close();
    }
  });
});
