import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationPhoneNumbers } from '../db/schema/index.js';
import { createOrganization, createStaffUser, createTestApp, signIn, type TestAppHandle } from '../test-support/index.js';

/**
 * /developer → Telephony (issue 30 §4): the addresses shown are the ones the server answers —
 * each webhook refuses an unsigned request (403), none is unknown (404) — and only the numbers
 * of the viewer's organizations are listed.
 */
let t: TestAppHandle;
let cookie: string;
let mine: string;

beforeAll(async () => {
  t = await createTestApp({ TWILIO_AUTH_TOKEN: 'test-token' });
  const org = await createOrganization(t.ctx, { name: 'Setup Clinic', timeZone: 'America/New_York', address: { country: 'US' } });
  const other = await createOrganization(t.ctx, { name: 'Someone Else', timeZone: 'America/New_York', address: { country: 'US' } });
  mine = org.id;
  await t.db.insert(organizationPhoneNumbers).values([
    { organizationId: org.id, e164: '+18605550170' },
    { organizationId: other.id, e164: '+18605550171' },
  ]);
  const developer = await createStaffUser(t.ctx, { role: 'developer', organizationIds: [org.id] });
  cookie = await signIn(t.app, developer.email, developer.password);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/developer/telephony', () => {
  it('names the webhook addresses the server answers, and the numbers of my organizations only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/developer/telephony', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const setup = res.json() as { twilioSignatures: boolean; webhooks: { id: string; method: string; url: string }[]; numbers: { organizationId: string; e164: string }[] };
    expect(setup.twilioSignatures).toBe(true);
    expect(setup.webhooks.map((w) => w.id)).toEqual(['voice', 'status', 'recording', 'sms', 'telnyx-messaging', 'relay']);
    for (const w of setup.webhooks.filter((x) => x.method === 'POST' && x.id !== 'telnyx-messaging')) {
      const path = new URL(w.url).pathname;
      const answer = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'CallSid=CA123' });
      expect(answer.statusCode, `${w.id} ${path}`).toBe(403);
    }
    // Telnyx's JSON webhook is answered too: refused here, where no Telnyx key is set.
    const telnyx = new URL(setup.webhooks.find((w) => w.id === 'telnyx-messaging')!.url);
    expect(telnyx.search).toBe('');
    const refused = await t.app.inject({ method: 'POST', url: telnyx.pathname, headers: { 'content-type': 'application/json' }, payload: '{"data":{}}' });
    expect(refused.statusCode).toBe(503);
    expect(setup.webhooks.find((w) => w.id === 'relay')!.url).toMatch(/^wss?:\/\/.*\/telephony\/twilio\/relay$/);
    expect(setup.numbers).toEqual([expect.objectContaining({ organizationId: mine, e164: '+18605550170', sendsTexts: true })]);
    // No Twilio account nor Telnyx key in this app: texts stay in the outbox.
    expect(res.json().textGateway).toBe('log');
  });
});
