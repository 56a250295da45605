import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleShifts, schedules } from '../db/schema/index.js';
import { closeStaleCall } from './call-lifecycle.js';
import { createTestApp, type TestAppHandle } from '../test-support/index.js';
import { createPractice, recordsOf } from './testing/call-fixtures.js';
import { FakeRelayCall } from './testing/fake-relay.js';
import { FakeTwilioCall, TWILIO_TEST_TOKEN } from './testing/fake-twilio.js';
import { CALLER } from './testing/scenario-types.js';

/**
 * Issue 19 §2: a call that ends half-way loses no one. A caller who hangs up (or whose line
 * drops or goes silent) during a request, a message or a transfer leaves a call-back task with
 * what was collected; the call's outcome is `abandoned` and its summary says what was being done.
 */
let t: TestAppHandle;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN });
  // ConversationRelay callers need the app on a socket.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

/** Records once the call has ended (a dropped relay socket ends it on its own time). */
async function endedRecords(callSid: string) {
  for (let i = 0; ; i++) {
    const r = await recordsOf(t.db, callSid);
    if (r.call?.status === 'completed' || i > 100) return r;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a caller who leaves half-way', () => {
  it('during an appointment request, after a question was answered: abandoned, and a call-back task with the name and reason', async () => {
    const practice = await createPractice(t.ctx, { open: true });
    const call = new FakeTwilioCall(t.app, CALLER, practice.number);
    await call.answer();
    await call.say('What are your opening hours?');
    await call.say("I'd like to make an appointment");
    await call.say('Jane Smith');
    await call.say('March third twenty nineteen');
    await call.say('she has a fever');
    expect((await call.status('completed', 95)).statusCode).toBe(200);

    const records = await recordsOf(t.db, call.callSid);
    expect(records.call!.outcome).toBe('abandoned');
    expect(records.call!.summary).toMatch(/^The caller hung up during an appointment request \(collected: name Jane Smith; date of birth 2019-03-03; reason .*fever.*\)\. Call-back task created\.$/i);
    expect(records.handoffs).toHaveLength(1);
    const [handoff] = records.handoffs;
    expect(handoff).toMatchObject({ type: 'callback', priority: 'normal', status: 'open', source: 'call', contactName: 'Jane Smith', contactPhone: CALLER });
    expect(handoff!.reason).toMatch(/^Call back: the caller hung up during an appointment request\. Collected: name Jane Smith; date of birth 2019-03-03; reason/);
    expect(handoff!.details).toMatchObject({ abandoned: { kind: 'appointment', endedBy: 'caller', collected: { name: 'Jane Smith', dateOfBirth: '2019-03-03' } } });
    // The status event says what was left, with the task's id.
    const status = records.events.filter((e) => e.kind === 'status').at(-1)!;
    expect(status.payload).toMatchObject({ to: 'completed', abandoned: { doing: 'an appointment request', handoffId: handoff!.id } });

    // The provider repeats the callback: nothing is created twice.
    expect((await call.status('completed', 95)).statusCode).toBe(200);
    expect((await recordsOf(t.db, call.callSid)).handoffs).toHaveLength(1);
  });

  it('while a transfer rings: the live transfer is canceled and a high-priority call-back replaces it', async () => {
    const practice = await createPractice(t.ctx, { open: true, onDuty: true });
    const call = new FakeTwilioCall(t.app, CALLER, practice.number);
    await call.answer();
    const twiml = await call.say('Can I speak to a real person please');
    expect(twiml.dialTarget).toBeTruthy();
    expect((await call.status('completed')).statusCode).toBe(200);

    const records = await recordsOf(t.db, call.callSid);
    expect(records.call!.outcome).toBe('abandoned');
    expect(records.call!.summary).toMatch(/^The caller hung up during a transfer to .+\. Call-back task created\.$/);
    expect(records.handoffs.map((h) => [h.type, h.priority, h.status])).toEqual([
      ['live_transfer', 'high', 'canceled'],
      ['callback', 'high', 'open'],
    ]);
  });

  it('during a message, when the line goes silent and the worker closes the call', async () => {
    const practice = await createPractice(t.ctx, { open: true, agentSettings: { transferBehaviour: 'never_transfer' } });
    const call = new FakeTwilioCall(t.app, CALLER, practice.number);
    await call.answer();
    await call.say('can I speak with the nurse');
    await call.say('My test results, please call me');
    const before = await recordsOf(t.db, call.callSid);
    await closeStaleCall(t.ctx, before.call!.id, 10);

    const records = await recordsOf(t.db, call.callSid);
    expect(records.call!.outcome).toBe('abandoned');
    expect(records.call!.summary).toMatch(/^The line went silent during a message for the practice \(collected: message My test results, please call me\)\./);
    expect(records.handoffs.map((h) => [h.type, h.priority])).toEqual([['callback', 'normal']]);
    expect(records.handoffs[0]!.details).toMatchObject({ abandoned: { kind: 'message', endedBy: 'timeout' } });
  });

  it('with nothing under way: no task (a question answered stays answered)', async () => {
    const practice = await createPractice(t.ctx, { open: true });
    const call = new FakeTwilioCall(t.app, CALLER, practice.number);
    await call.answer();
    await call.say('What are your opening hours?');
    await call.status('completed', 20);
    const records = await recordsOf(t.db, call.callSid);
    expect(records.call!.outcome).toBe('question_answered');
    expect(records.handoffs).toHaveLength(0);
  });

  it('during a call-back request, at the number question: a call-back task with what it was about', async () => {
    const practice = await createPractice(t.ctx, { open: true });
    const call = new FakeTwilioCall(t.app, CALLER, practice.number);
    await call.answer();
    expect((await call.say('can someone call me back about my bill please')).text).toMatch(/best number/);
    await call.status('completed', 25);

    const records = await recordsOf(t.db, call.callSid);
    expect(records.call!.outcome).toBe('abandoned');
    expect(records.call!.summary).toMatch(/^The caller hung up during a call-back request \(collected: reason can someone call me back about my bill please\)\. Call-back task created\.$/);
    expect(records.handoffs.map((h) => [h.type, h.priority, h.contactPhone])).toEqual([['callback', 'normal', CALLER]]);
  });

  it('during a message, with the name given, when the caller hangs up', async () => {
    const practice = await createPractice(t.ctx, { open: true });
    const call = new FakeTwilioCall(t.app, CALLER, practice.number);
    await call.answer();
    await call.say('I need to leave a message for Dr Patel that my knee is still swollen');
    expect((await call.say('Maria Gomez')).text).toMatch(/best number for a reply/);
    await call.status('completed', 40);

    const records = await recordsOf(t.db, call.callSid);
    expect(records.call!.outcome).toBe('abandoned');
    expect(records.call!.summary).toMatch(/^The caller hung up during a message for the practice \(collected: name Maria Gomez; message .*knee is still swollen\)\./);
    expect(records.handoffs).toMatchObject([{ type: 'callback', priority: 'normal', contactName: 'Maria Gomez', contactPhone: CALLER }]);
  });

  it('after an unanswered transfer, while offered a call-back: a high-priority call-back (the caller has waited once)', async () => {
    const practice = await createPractice(t.ctx, { open: true, onDuty: true });
    const call = new FakeTwilioCall(t.app, CALLER, practice.number);
    await call.answer();
    await call.say('Can I speak to a real person please');
    expect((await call.dialResult('no-answer')).text).toMatch(/Would you like someone to call you back/);
    await call.status('completed', 50);

    const records = await recordsOf(t.db, call.callSid);
    expect(records.call!.outcome).toBe('abandoned');
    expect(records.handoffs.map((h) => [h.type, h.priority, h.status])).toEqual([
      ['live_transfer', 'high', 'canceled'],
      ['callback', 'high', 'open'],
    ]);
  });

  describe('on a ConversationRelay line', () => {
    const relayPractice = (opts: Parameters<typeof createPractice>[1] = { open: true }) => createPractice(t.ctx, { ...opts, agentSettings: { ...(opts.agentSettings ?? {}), voiceMode: 'relay' } });

    it('a dropped line during a message leaves the message as a call-back task', async () => {
      const practice = await relayPractice();
      const call = new FakeRelayCall(t.app, port, CALLER, practice.number);
      await call.answer();
      expect((await call.say("I want to leave a message, my daughter's rash on her arm is still there")).text).toMatch(/who is the message from/);
      await call.drop();

      const records = await endedRecords(call.callSid);
      expect(records.call!.outcome).toBe('abandoned');
      expect(records.call!.summary).toMatch(/^The caller hung up during a message for the practice \(collected: message .*rash on her arm is still there\)\. Call-back task created\.$/);
      expect(records.handoffs).toMatchObject([{ type: 'callback', priority: 'normal', contactPhone: CALLER }]);
    });

    it('a dropped line during a call-back request leaves a call-back task', async () => {
      const practice = await relayPractice();
      const call = new FakeRelayCall(t.app, port, CALLER, practice.number);
      await call.answer();
      expect((await call.say('could somebody call me back about my referral')).text).toMatch(/best number/);
      await call.drop();

      const records = await endedRecords(call.callSid);
      expect(records.call!.outcome).toBe('abandoned');
      expect(records.handoffs).toMatchObject([{ type: 'callback', priority: 'normal' }]);
      expect(records.handoffs[0]!.reason).toMatch(/during a call-back request\. Collected: reason could somebody call me back about my referral/);
    });

    it('after hours, an unwell child is put through to the on-call line; hanging up while it rings leaves an urgent call-back', async () => {
      const practice = await relayPractice({ open: false, onDuty: false });
      const [cover] = await t.db.insert(schedules).values({ organizationId: practice.id, name: 'On-call nurse', purpose: 'after_hours' }).returning();
      await t.db.insert(scheduleShifts).values({ scheduleId: cover!.id, organizationId: practice.id, assigneeType: 'phone', assigneePhone: '+18605550142', days: [1, 2, 3, 4, 5, 6, 7], startTime: '00:00', endTime: '24:00' });
      const call = new FakeRelayCall(t.app, port, CALLER, practice.number);
      await call.answer();
      // A child this unwell is screened for danger signs first; a clear no goes on to the nurse.
      const screening = await call.say('I need to talk to a nurse, my little boy has a high fever and he is throwing up');
      expect(screening.text).toMatch(/trouble breathing/);
      const transfer = await call.say('no, none of those');
      expect(transfer.text).toMatch(/connecting you with our on-call line/);
      expect(transfer.dialTarget).toEqual({ number: '+18605550142' });
      await call.status('completed', 30);

      const records = await endedRecords(call.callSid);
      expect(records.call!.outcome).toBe('abandoned');
      expect(records.call!.summary).toMatch(/during an after-hours urgent transfer to /);
      expect(records.handoffs.map((h) => [h.type, h.priority, h.status])).toEqual([
        ['live_transfer', 'urgent', 'canceled'],
        ['callback', 'urgent', 'open'],
      ]);
    });
  });
});
