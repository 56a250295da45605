import { and, eq } from 'drizzle-orm';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doNotCall, outboxMessages, smsInboundMessages, smsOptOuts } from '../../db/schema/index.js';
import { auditRows, createTestApp, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, uniqueNumber, type Practice } from '../../telephony/testing/call-fixtures.js';
import { postSigned, signature, TWILIO_TEST_TOKEN } from '../../telephony/testing/fake-twilio.js';
import { deliverOutboxMessageTask } from '../outbox/deliver-outbox-message.job.js';
import { sendMessage } from '../outbox/outbox.service.js';
import { addDoNotCallFromCall } from '../do-not-call/do-not-call.service.js';

/**
 * Issue 19 §4: STOP / START by text message through the Twilio-compatible webhook, and what the
 * outbox then does with texts to that number.
 */
let t: TestAppHandle;
let practice: Practice;
let elsewhere: Practice;

beforeAll(async () => {
  t = await createTestApp({ TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN });
  practice = await createPractice(t.ctx, { onDuty: false });
  elsewhere = await createPractice(t.ctx, { onDuty: false });
});
afterAll(() => t?.close());

const PATH = '/telephony/twilio/sms';
let sids = 0;
const newSid = () => `SM${Date.now().toString(16)}${(sids++).toString(16).padStart(8, '0')}`;
const text = (from: string, body: string, opts: { to?: string; sid?: string; sign?: boolean; token?: string } = {}) =>
  postSigned(t.app, PATH, { MessageSid: opts.sid ?? newSid(), AccountSid: 'AC-test', From: from, To: opts.to ?? practice.number, Body: body }, { sign: opts.sign, token: opts.token });

const optOutOf = async (orgId: string, phone: string) => (await t.db.select().from(smsOptOuts).where(and(eq(smsOptOuts.organizationId, orgId), eq(smsOptOuts.phone, phone))))[0];
const dncOf = async (orgId: string, phone: string) => t.db.select().from(doNotCall).where(and(eq(doNotCall.organizationId, orgId), eq(doNotCall.phone, phone)));
const textTo = (orgId: string, phone: string, body = 'Clinic: please call us back.') => sendMessage(t.db, { channel: 'sms', recipient: phone, body, template: 'handoff-message', organizationId: orgId });
const attempt = { job: { attempts: 1, max_attempts: 8 } } as unknown as JobHelpers;
const outboxRow = async (id: string) => (await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;

describe('signatures', () => {
  it('refuses an unsigned, wrongly signed or tampered text with 403 and changes nothing', async () => {
    const from = uniqueNumber();
    const sid = newSid();
    expect((await text(from, 'STOP', { sid, sign: false })).statusCode).toBe(403);
    expect((await text(from, 'STOP', { sid, token: 'someone-elses-token' })).statusCode).toBe(403);
    const params = { MessageSid: sid, From: from, To: practice.number, Body: 'HELLO' };
    const tampered = await t.app.inject({
      method: 'POST',
      url: PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature(`http://localhost:3000${PATH}`, params) },
      payload: new URLSearchParams({ ...params, Body: 'STOP' }).toString(),
    });
    expect(tampered.statusCode).toBe(403);
    expect(await optOutOf(practice.id, from)).toBeUndefined();
    expect(await dncOf(practice.id, from)).toEqual([]);
    expect(await t.db.select().from(smsInboundMessages).where(eq(smsInboundMessages.messageSid, sid))).toEqual([]);
  });

  it('answers 503 without an auth token rather than trusting unsigned texts', async () => {
    const bare = await createTestApp({ TWILIO_AUTH_TOKEN: undefined });
    try {
      const res = await postSigned(bare.app, PATH, { MessageSid: newSid(), From: uniqueNumber(), To: practice.number, Body: 'STOP' });
      expect(res.statusCode).toBe(503);
    } finally {
      await bare.close();
    }
  });

  it('refuses a text without a MessageSid with a 400 that names the field', async () => {
    const res = await postSigned(t.app, PATH, { From: uniqueNumber(), To: practice.number, Body: 'STOP' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.MessageSid).toBe('MessageSid is required.');
  });
});

describe('STOP and START', () => {
  it('STOP opts the number out of this practice’s texts, puts it on the do-not-call list, confirms as TwiML, and is audited', async () => {
    const from = uniqueNumber();
    const res = await text(from, 'Stop');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect(res.body).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${practice.name}: You have been unsubscribed and will receive no more text messages or automated calls from this number. Reply START to resubscribe.</Message></Response>`,
    );
    expect(await optOutOf(practice.id, from)).toMatchObject({ keyword: 'STOP' });
    const [entry] = await dncOf(practice.id, from);
    expect(entry).toMatchObject({ reason: 'STOP by text', source: 'sms' });
    const [audit] = await auditRows(t.db, 'sms.opt_out', from);
    expect(audit).toMatchObject({ organizationId: practice.id, outcome: 'success', details: expect.objectContaining({ keyword: 'STOP', doNotCallId: entry!.id }) });

    // Another practice is not concerned: its number may still text this one.
    expect(await optOutOf(elsewhere.id, from)).toBeUndefined();
    expect((await textTo(elsewhere.id, from)).status).toBe('queued');
  });

  it('the outbox keeps a text to an opted-out number as not sent, saying why, and queues no delivery', async () => {
    const from = uniqueNumber();
    await text(from, 'UNSUBSCRIBE');
    const row = await textTo(practice.id, from);
    expect(row.status).toBe('suppressed');
    expect(row.lastError).toMatch(/^Not sent: this number replied UNSUBSCRIBE on \d{4}-\d{2}-\d{2} and has opted out of text messages from this organization/);
    const jobs = await t.db.execute<{ n: number }>(`select count(*)::int as n from graphile_worker._private_jobs where payload->>'id' = '${row.id}'`);
    expect(jobs.rows[0]!.n).toBe(0);
  });

  it('a text queued before the STOP is held back when its delivery runs', async () => {
    const from = uniqueNumber();
    const queued = await textTo(practice.id, from);
    expect(queued.status).toBe('queued');
    await text(from, 'quit');
    await deliverOutboxMessageTask(t.db, { mailFrom: 'Switchboard <no-reply@example.test>' })({ id: queued.id }, attempt);
    expect(await outboxRow(queued.id)).toMatchObject({ status: 'suppressed', sentAt: null, lastError: expect.stringMatching(/replied QUIT/) });
  });

  it.each(['STOPALL', ' cancel ', 'End.', 'QUIT'])('%j opts out too', async (word) => {
    const from = uniqueNumber();
    const res = await text(from, word);
    expect(res.body).toContain('You have been unsubscribed');
    expect(await optOutOf(practice.id, from)).toBeDefined();
  });

  it('START opts back in and takes off the do-not-call entry the STOP added; texts flow again with the opt-out notice', async () => {
    const from = uniqueNumber();
    await text(from, 'STOP');
    const res = await text(from, 'start');
    expect(res.body).toBe(`<?xml version="1.0" encoding="UTF-8"?><Response><Message>${practice.name}: You have been resubscribed to text messages from this number. Reply STOP to opt out.</Message></Response>`);
    expect(await optOutOf(practice.id, from)).toBeUndefined();
    expect(await dncOf(practice.id, from)).toEqual([]);
    const [audit] = await auditRows(t.db, 'sms.opt_in', from);
    expect(audit).toMatchObject({ organizationId: practice.id, details: expect.objectContaining({ keyword: 'START', doNotCallRemoved: true }) });
    const row = await textTo(practice.id, from, 'Clinic: please call us back');
    expect(row).toMatchObject({ status: 'queued', body: 'Clinic: please call us back. Reply STOP to opt out.' });
  });

  it.each(['UNSTOP', 'yes'])('%j opts back in too', async (word) => {
    const from = uniqueNumber();
    await text(from, 'STOP');
    expect((await text(from, word)).body).toContain('resubscribed');
    expect(await optOutOf(practice.id, from)).toBeUndefined();
  });

  it('START leaves a do-not-call entry that was there before the STOP (staff or a call put it there)', async () => {
    const from = uniqueNumber();
    await addDoNotCallFromCall(t.db, { organizationId: practice.id, phone: from, reason: 'Asked during a call', callId: null as unknown as string });
    await text(from, 'STOP');
    expect((await optOutOf(practice.id, from))?.doNotCallId).toBeNull();
    await text(from, 'START');
    expect(await optOutOf(practice.id, from)).toBeUndefined();
    expect(await dncOf(practice.id, from)).toEqual([expect.objectContaining({ reason: 'Asked during a call', source: 'call' })]);
  });

  it('a repeated MessageSid gets the same answer and changes nothing again', async () => {
    const from = uniqueNumber();
    const sid = newSid();
    const first = await text(from, 'STOP', { sid });
    await text(from, 'START');
    // The provider retries the first webhook after the START: it must not opt the number out again.
    const again = await text(from, 'STOP', { sid });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(await optOutOf(practice.id, from)).toBeUndefined();
    expect(await auditRows(t.db, 'sms.opt_out', from)).toHaveLength(1);
    const concurrent = newSid();
    const both = await Promise.all([text(from, 'STOP', { sid: concurrent }), text(from, 'STOP', { sid: concurrent })]);
    expect(both.map((r) => r.body)).toEqual([first.body, first.body]);
    expect(await auditRows(t.db, 'sms.opt_out', from)).toHaveLength(2);
    expect(await dncOf(practice.id, from)).toHaveLength(1);
  });

  it('stores what was done, never what the patient wrote', async () => {
    const from = uniqueNumber();
    const sid = newSid();
    const res = await text(from, 'my chest hurts, can someone call me', { sid });
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    const [row] = await t.db.select().from(smsInboundMessages).where(eq(smsInboundMessages.messageSid, sid));
    expect(row).toMatchObject({ organizationId: practice.id, fromNumber: from, action: 'none', reply: null });
    expect(JSON.stringify(row)).not.toContain('chest');
    expect(await optOutOf(practice.id, from)).toBeUndefined();
  });

  it.each(['alice<script>', '12345', '+1 555', 'CLINIC'])('a STOP from a sender that is not a phone number (%s) changes nothing and gets no answer', async (sender) => {
    const sid = newSid();
    const res = await text(sender, 'STOP', { sid });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    const [row] = await t.db.select().from(smsInboundMessages).where(eq(smsInboundMessages.messageSid, sid));
    expect(row).toMatchObject({ organizationId: practice.id, fromNumber: sender, action: 'none', reply: null });
    expect(await t.db.select().from(smsOptOuts).where(eq(smsOptOuts.messageSid, sid))).toEqual([]);
    expect(await dncOf(practice.id, sender)).toEqual([]);
    expect(await auditRows(t.db, 'sms.opt_out', sender)).toEqual([]);
  });

  it('HELP answers who is texting and how to stop; a text to a number no practice has gets no answer', async () => {
    expect((await text(uniqueNumber(), 'help')).body).toMatch(new RegExp(`<Message>${practice.name}: messages about your appointment requests\\. For help call \\(\\d{3}\\) \\d{3}-\\d{4}\\. Reply STOP to opt out\\.</Message>`));
    // A UK practice's number as people there write it (issue 28), not the US grouping.
    const uk = await createPractice(t.ctx, { onDuty: false, country: 'GB' });
    const national = `0${uk.number.slice(3, 5)} ${uk.number.slice(5, 9)} ${uk.number.slice(9)}`;
    expect((await text(uniqueNumber(), 'help', { to: uk.number })).body).toContain(`For help call ${national}.`);
    const stranger = uniqueNumber();
    const res = await text(stranger, 'STOP', { to: '+18605550001' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  });
});
