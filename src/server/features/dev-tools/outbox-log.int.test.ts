import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createStaffUser, createTestApp, outboxFor, signIn, tokenFromBody, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, ORIGIN, submitWebRequest } from '../../test-support/patients.js';
import { sendMessage } from '../outbox/outbox.service.js';
import { outboxMessages } from '../../db/schema/index.js';

let t: TestAppHandle;
let orgA: string;
let orgB: string;
beforeAll(async () => {
  t = await createTestApp();
  orgA = (await createOrganization(t.ctx)).id;
  orgB = (await createOrganization(t.ctx)).id;
  await sendMessage(t.db, { channel: 'sms', recipient: '+18605550101', body: 'Your appointment request was received.', template: 'request-received', organizationId: orgA });
  await sendMessage(t.db, { channel: 'sms', recipient: '+18605550102', body: 'Other clinic message.', template: 'request-received', organizationId: orgB });
  await sendMessage(t.db, { channel: 'email', recipient: 'staff@example.test', subject: 'Reset', body: 'System mail.', template: 'password-reset' });
});
afterAll(() => t?.close());

async function cookieOf(role: 'admin' | 'developer' | 'supervisor', organizationIds: string[] = []) {
  const u = await createStaffUser(t.ctx, { role, organizationIds });
  return signIn(t.app, u.email, u.password);
}
const recipients = (res: { json: () => { items: { recipient: string }[] } }) => res.json().items.map((m) => m.recipient).sort();

describe('the outbox in the developer area', () => {
  it('shows an admin every message, newest first', async () => {
    const res = await t.app.inject({ url: '/api/developer/outbox', headers: { cookie: await cookieOf('admin') } });
    expect(res.statusCode).toBe(200);
    expect(recipients(res)).toEqual(['+18605550101', '+18605550102', 'staff@example.test']);
    expect(res.json().items[0].recipient).toBe('staff@example.test');
  });

  it("shows a developer only their organizations' messages, not sign-in mail", async () => {
    const res = await t.app.inject({ url: '/api/developer/outbox', headers: { cookie: await cookieOf('developer', [orgA]) } });
    expect(res.statusCode).toBe(200);
    expect(recipients(res)).toEqual(['+18605550101']);
  });

  it('filters by template, channel and recipient', async () => {
    const cookie = await cookieOf('admin');
    const byTemplate = await t.app.inject({ url: '/api/developer/outbox?template=password-reset', headers: { cookie } });
    expect(recipients(byTemplate)).toEqual(['staff@example.test']);
    const byChannel = await t.app.inject({ url: '/api/developer/outbox?channel=sms&recipient=0102', headers: { cookie } });
    expect(recipients(byChannel)).toEqual(['+18605550102']);
  });

  it('pages by cursor without skipping or repeating messages created in the same instant', async () => {
    const sameInstant = new Date('2026-03-01T10:00:00.123456Z');
    await t.db.insert(outboxMessages).values(
      ['a', 'b', 'c', 'd', 'e'].map((x) => ({ channel: 'sms' as const, recipient: `+1860555099${x.charCodeAt(0) - 97}`, body: `same instant ${x}`, template: 'paging-test', createdAt: sameInstant })),
    );
    const cookie = await cookieOf('admin');
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const res = await t.app.inject({ url: `/api/developer/outbox?template=paging-test&limit=2${cursor ? `&cursor=${cursor}` : ''}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      const items = res.json().items as { body: string; cursor: string }[];
      seen.push(...items.map((m) => m.body));
      if (items.length < 2) break;
      cursor = items.at(-1)!.cursor;
    }
    expect(seen.sort()).toEqual(['a', 'b', 'c', 'd', 'e'].map((x) => `same instant ${x}`));
    const bad = await t.app.inject({ url: '/api/developer/outbox?cursor=yesterday', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['querystring.cursor']);
  });

  it('rejects a bad filter with 400', async () => {
    const res = await t.app.inject({ url: '/api/developer/outbox?channel=fax&limit=0', headers: { cookie: await cookieOf('admin') } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['querystring.channel', 'querystring.limit']);
  });
});

describe('secrets and patient information in the outbox', () => {
  type Shown = { template: string; subject: string | null; body: string | null; bodyWithheld: boolean; secret: string | null };
  const outboxAs = async (cookie: string, recipient: string) => {
    const res = await t.app.inject({ url: `/api/developer/outbox?recipient=${encodeURIComponent(recipient)}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return { raw: res.body, items: res.json().items as Shown[] };
  };

  /** A web request (its confirmation carries the intake link) and a portal sign-in code, as patients make them. */
  async function patientMessages() {
    const practice = await createPractice(t.ctx);
    const r = await submitWebRequest(t.app, practice.slug);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/portal/sign-in', headers: ORIGIN, payload: { organization: practice.slug, contact: r.email, dateOfBirth: r.dateOfBirth } });
    expect(signIn.statusCode).toBe(202);
    const [stored] = await outboxFor(t.db, r.email, 'appointment-request-received');
    const [codeMessage] = await outboxFor(t.db, r.email, 'portal-sign-in-code');
    const token = tokenFromBody(stored!.body);
    const code = /\b(\d{6})\b/.exec(codeMessage!.body)![1]!;
    return { practice, r, stored: stored!, codeMessage: codeMessage!, token, code, challengeId: signIn.json().challengeId as string };
  }

  it('never answers an intake token or a portal code, to an admin or a developer', async () => {
    const m = await patientMessages();
    for (const cookie of [await cookieOf('admin'), await cookieOf('developer', [m.practice.id])]) {
      const { raw, items } = await outboxAs(cookie, m.r.email);
      expect(items.map((i) => i.template).sort()).toEqual(['appointment-request-received', 'portal-sign-in-code']);
      expect(raw).not.toContain(m.token);
      expect(raw).not.toContain(m.token.slice(0, 8));
      expect(raw).not.toContain(m.code);
      expect(items.find((i) => i.template === 'portal-sign-in-code')!.secret).toBe('code');
      expect(items.find((i) => i.template === 'appointment-request-received')!.secret).toBe('link');
    }
  });

  it('shows an admin the bodies with the secrets masked to their last characters', async () => {
    const m = await patientMessages();
    const { items } = await outboxAs(await cookieOf('admin'), m.r.email);
    const confirmation = items.find((i) => i.template === 'appointment-request-received')!;
    expect(confirmation.bodyWithheld).toBe(false);
    expect(confirmation.body).toContain(m.r.referenceCode);
    expect(confirmation.body).toMatch(new RegExp(`/intake\\?token=•{39}${m.token.slice(-4)}`));
    const code = items.find((i) => i.template === 'portal-sign-in-code')!;
    expect(code.body).toContain('patient portal code is ••••••.');
    expect(code.subject).toBe('Your sign-in code: ••••••');
  });

  it("withholds the bodies about patients from a developer, who may not read the organization's patients", async () => {
    const m = await patientMessages();
    const { items } = await outboxAs(await cookieOf('developer', [m.practice.id]), m.r.email);
    expect(items).toHaveLength(2);
    for (const item of items) {
      expect(item.body).toBeNull();
      expect(item.bodyWithheld).toBe(true);
    }
  });

  it('keeps the stored message whole, so the patient’s link and code still work', async () => {
    const m = await patientMessages();
    await outboxAs(await cookieOf('admin'), m.r.email);
    const [stored] = await outboxFor(t.db, m.r.email, 'appointment-request-received');
    expect(stored!.body).toBe(m.stored.body);
    expect(stored!.body).toContain(`/intake?token=${m.token}`);
    const intake = await t.app.inject({ url: '/api/intake', headers: { 'x-intake-token': m.token } });
    expect(intake.statusCode).toBe(200);
    const verify = await t.app.inject({ method: 'POST', url: '/api/portal/verify', headers: ORIGIN, payload: { challengeId: m.challengeId, code: m.code } });
    expect(verify.statusCode).toBe(200);
  });

  it('masks the token of a staff password-reset link for the admin who reads system mail', async () => {
    const user = await createStaffUser(t.ctx, { role: 'agent', organizationIds: [orgA] });
    const forgot = await t.app.inject({ method: 'POST', url: '/api/password/forgot', headers: ORIGIN, payload: { email: user.email } });
    expect(forgot.statusCode).toBeLessThan(300);
    const [stored] = await outboxFor(t.db, user.email, 'password-reset');
    const token = tokenFromBody(stored!.body);
    const { raw, items } = await outboxAs(await cookieOf('admin'), user.email);
    expect(raw).not.toContain(token);
    expect(items[0]!.secret).toBe('link');
    expect(items[0]!.body).toContain(`/reset-password?token=••••`);
    expect(items[0]!.body).toContain('Choose a new password here within 30 minutes');
  });
});
