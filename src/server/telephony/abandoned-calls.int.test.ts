import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeStaleCall } from './call-lifecycle.js';
import { createTestApp, type TestAppHandle } from '../test-support/index.js';
import { createPractice, recordsOf } from './testing/call-fixtures.js';
import { FakeTwilioCall, TWILIO_TEST_TOKEN } from './testing/fake-twilio.js';
import { CALLER } from './testing/scenario-types.js';

/**
 * Issue 19 §2: a call that ends half-way loses no one. A caller who hangs up (or whose line
 * drops or goes silent) during a request, a message or a transfer leaves a call-back task with
 * what was collected; the call's outcome is `abandoned` and its summary says what was being done.
 */
let t: TestAppHandle;
beforeAll(async () => {
  t = await createTestApp({ TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN });
});
afterAll(() => t?.close());

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
});
