import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestAppHandle } from '../../../test-support/index.js';
import { createPractice, recordsOf, type Practice } from '../../../telephony/testing/call-fixtures.js';
import { FakeTwilioCall } from '../../../telephony/testing/fake-twilio.js';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai-server.js';

let t: TestAppHandle;
let llm: FakeOpenAi;
let practice: Practice;
const BUDGET_MS = 600;

beforeAll(async () => {
  llm = await startFakeOpenAi();
  t = await createTestApp({ LLM_BASE_URL: llm.baseURL, LLM_API_KEY: 'sk-test', LLM_MODEL: 'default-model', LLM_TIMEOUT_MS: String(BUDGET_MS) });
  practice = await createPractice(t.ctx, { agentSettings: { brain: 'llm', model: 'fake-gpt' } });
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});
beforeEach(() => {
  llm.requests.length = 0;
});

async function answered() {
  const call = new FakeTwilioCall(t.app, '+18605550123', practice.number);
  await call.answer();
  return call;
}

describe('the LLM brain', () => {
  it('calls tools the model asks for and says what the model says', async () => {
    llm.script({ toolCalls: [{ name: 'get_hours', arguments: {} }] }, { content: "We're open around the clock. Anything else?" });
    const call = await answered();
    const twiml = await call.say('When are you open?');
    expect(twiml.text).toBe("We're open around the clock. Anything else?");
    expect(llm.requests).toHaveLength(2);
    const [first, second] = llm.requests;
    expect(first!.model).toBe('fake-gpt');
    expect(first!.messages[0]).toMatchObject({ role: 'system' });
    expect(first!.messages[0]!.content).toContain(`You are the phone assistant of ${practice.name}`);
    expect(first!.messages.at(-1)).toEqual({ role: 'user', content: 'When are you open?' });
    expect((first!.tools as { function: { name: string } }[]).map((x) => x.function.name)).toEqual([
      'get_hours',
      'create_appointment_request',
      'find_open_times',
      'hold_open_time',
      'book_held_time',
      'find_my_visit',
      'cancel_visit',
      'move_visit',
      'transfer_to_staff',
      'request_callback',
      'take_message',
      'lookup_request_status',
      'add_to_do_not_call',
      'end_call',
    ]);
    expect(second!.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: expect.any(String) });
    expect(JSON.parse(second!.messages.at(-1)!.content!)).toMatchObject({ ok: true, open: true });

    const { events } = await recordsOf(t.db, call.callSid);
    const turn = events.filter((e) => e.seq > 3);
    expect(turn.map((e) => e.kind)).toEqual(['caller_speech', 'model_request', 'tool_call', 'tool_result', 'model_request', 'agent_speech']);
    expect(turn[1]!.payload).toMatchObject({ brain: 'llm', model: 'fake-gpt', promptTokens: expect.any(Number), completionTokens: 12, tools: expect.any(Array), response: { tool_calls: [expect.objectContaining({ type: 'function' })] } });
    expect(turn[1]!.latencyMs).toEqual(expect.any(Number));
    expect(turn[4]!.payload.tools).toBeUndefined();

    // The next turn carries the conversation so far.
    llm.script({ content: 'Goodbye!', toolCalls: [{ name: 'end_call', arguments: {} }] });
    const bye = await call.say("That's all, thanks");
    expect(bye.hangup).toBe(true);
    expect(bye.text).toBe('Goodbye!');
    expect(llm.requests[2]!.messages.map((m) => m.role)).toEqual(['system', 'assistant', 'user', 'assistant', 'tool', 'assistant', 'user']);
    expect((await recordsOf(t.db, call.callSid)).call).toMatchObject({ status: 'completed', outcome: 'question_answered', brain: 'llm' });
  });

  it('saves an appointment request the model confirmed', async () => {
    const args = { firstName: 'Jane', lastName: 'Smith', dateOfBirth: '1980-03-03', reason: 'Follow-up', isNewPatient: false, preferences: { days: ['tue'], timesOfDay: ['morning'] }, callerConfirmed: true };
    llm.script({ toolCalls: [{ name: 'create_appointment_request', arguments: args }] }, { content: 'Your request is in. Anything else?' });
    const call = await answered();
    await call.say('Yes, that is all correct');
    const { requests, call: row, handoffs } = await recordsOf(t.db, call.callSid);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ source: 'phone', firstName: 'Jane', lastName: 'Smith', dateOfBirth: '1980-03-03', phone: '+18605550123', reason: 'Follow-up' });
    expect(handoffs.map((h) => h.type)).toEqual(['appointment_request']);
    expect(row!.agentState).toMatchObject({ done: { appointment: { referenceCode: requests[0]!.referenceCode } } });
  });

  it("keeps the model's earliest date from today in the practice's zone on, and drops one already gone", async () => {
    // 02:30 UTC on Thursday is still Wednesday evening in Hartford: Wednesday counts, Tuesday has gone.
    t.ctx.clock.advance(Date.parse('2026-11-26T02:30:00Z') - t.ctx.clock.now().getTime());
    try {
      for (const [earliestDate, saved] of [
        ['2026-11-25', '2026-11-25'],
        ['2026-11-24', undefined],
        ['2026-02-30', undefined],
      ] as const) {
        const args = { firstName: 'Jane', lastName: 'Smith', dateOfBirth: '1980-03-03', reason: 'Follow-up', preferences: { timesOfDay: ['afternoon'], earliestDate }, callerConfirmed: true };
        llm.script({ toolCalls: [{ name: 'create_appointment_request', arguments: args }] }, { content: 'Your request is in. Anything else?' });
        const call = await answered();
        await call.say('Yes, that is all correct');
        const { requests } = await recordsOf(t.db, call.callSid);
        expect(requests[0]!.preferences, earliestDate).toEqual({ days: [], timesOfDay: ['afternoon'], ...(saved ? { earliestDate: saved } : {}) });
      }
    } finally {
      t.ctx.clock.reset();
    }
  });

  it('stores a request with another write of the same turn, in either order, linking the call to the patient', async () => {
    const booking = (firstName: string) => ({ name: 'create_appointment_request', arguments: { firstName, lastName: 'Okafor', dateOfBirth: '1975-06-01', reason: 'Sick visit', callerConfirmed: true } });
    const message = { name: 'take_message', arguments: { message: 'Please send the forms by email', name: 'Ada Okafor' } };
    for (const [first, second] of [
      [booking('Ada'), message],
      [message, booking('Obi')],
    ]) {
      llm.script({ toolCalls: [first!, second!] }, { content: 'Done: your request is in and your message is with the team.' });
      const call = await answered();
      await call.say('Yes, book it, and tell them to email the forms');
      const { requests, handoffs, call: row } = await recordsOf(t.db, call.callSid);
      expect(requests).toHaveLength(1);
      expect(handoffs.map((h) => h.type).sort()).toEqual(['appointment_request', 'message']);
      expect(row!.patientId).toBe(requests[0]!.patientId);
      expect(row!.agentState).toMatchObject({ patientId: requests[0]!.patientId, done: { appointment: { referenceCode: requests[0]!.referenceCode } } });
    }
  });

  it('refuses to save what the caller did not confirm, and tells the model why', async () => {
    llm.script({ toolCalls: [{ name: 'create_appointment_request', arguments: { firstName: 'Jane', lastName: 'Smith', dateOfBirth: '1980-03-03', reason: 'Follow-up', callerConfirmed: false } }] }, { content: 'Let me read that back first.' });
    const call = await answered();
    await call.say('Book me in');
    expect((await recordsOf(t.db, call.callSid)).requests).toHaveLength(0);
    expect(JSON.parse(llm.requests[1]!.messages.at(-1)!.content!)).toMatchObject({ ok: false, error: 'not_confirmed' });
  });

  it('falls back to the built-in brain when the model is too slow — within the budget', async () => {
    llm.script({ content: 'too late', delayMs: BUDGET_MS * 4 });
    const call = await answered();
    const started = performance.now();
    const twiml = await call.say("I'd like to book an appointment");
    expect(performance.now() - started).toBeLessThan(BUDGET_MS + 1000);
    expect(twiml.text).toMatch(/I can help you request an appointment\. May I have the patient's first and last name\?/);
    const { events } = await recordsOf(t.db, call.callSid);
    const requests = events.filter((e) => e.kind === 'model_request' && e.seq > 3);
    expect(requests.map((e) => e.payload.brain)).toEqual(['llm', 'builtin']);
    expect(requests[0]!.payload).toMatchObject({ fellBackToBuiltin: true, error: expect.stringMatching(/timeout|timed out|aborted/i) });
  });

  it('falls back when the model answers with an error', async () => {
    llm.script({ status: 500 });
    const call = await answered();
    const twiml = await call.say('What are your hours?');
    expect(twiml.text).toMatch(/We're open right now/);
    const { events } = await recordsOf(t.db, call.callSid);
    expect(events.find((e) => e.kind === 'model_request' && e.payload.brain === 'llm' && e.seq > 3)!.payload).toMatchObject({ fellBackToBuiltin: true, error: expect.stringMatching(/500/) });
  });

  it('speaks for a tool that already ran when the model fails afterwards', async () => {
    llm.script({ toolCalls: [{ name: 'take_message', arguments: { message: 'Please call about my results', name: 'Ann Lee' } }] }, { status: 503 });
    const call = await answered();
    const twiml = await call.say('Tell the nurse to call me about my results, this is Ann Lee');
    expect(twiml.text).toMatch(/passed your message on.*anything else/);
    expect((await recordsOf(t.db, call.callSid)).handoffs.map((h) => h.type)).toEqual(['message']);
  });

  it('handles emergencies itself, without asking the model', async () => {
    const call = await answered();
    const twiml = await call.say('My husband has chest pain and can’t breathe');
    expect(llm.requests).toHaveLength(0);
    expect(twiml.text).toMatch(/call 911/);
    expect(twiml.hangup).toBe(true);
    expect((await recordsOf(t.db, call.callSid)).handoffs.map((h) => [h.type, h.priority])).toEqual([['urgent', 'urgent']]);
  });

  it('transfers when the model calls transfer_to_staff', async () => {
    llm.script({ content: 'One moment.', toolCalls: [{ name: 'transfer_to_staff', arguments: { reason: 'billing question' } }] });
    const call = await answered();
    const twiml = await call.say('Can I talk to someone about billing?');
    expect(twiml.text).toBe('One moment.');
    expect(twiml.dialTarget).toEqual({ number: practice.onDuty!.phone });
  });
});

describe('an LLM organization without an LLM endpoint', () => {
  it('is answered by the built-in brain, and each turn says why', async () => {
    const bare = await createTestApp({ LLM_BASE_URL: undefined });
    try {
      const p = await createPractice(bare.ctx, { agentSettings: { brain: 'llm', model: 'fake-gpt' } });
      const call = new FakeTwilioCall(bare.app, '+18605550123', p.number);
      await call.answer();
      expect((await call.say('What are your hours?')).text).toMatch(/We're open right now/);
      const { events } = await recordsOf(bare.db, call.callSid);
      expect(events.find((e) => e.kind === 'model_request' && e.payload.brain === 'llm' && e.seq > 3)!.payload).toMatchObject({ fellBackToBuiltin: true, error: 'LLM_BASE_URL is not configured' });
    } finally {
      await bare.close();
    }
  });
});
