import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, outboxFor, type TestAppHandle } from '../../../test-support/index.js';
import { addCalendar, takeTime, visitsOfCall } from '../../../telephony/testing/calendar-fixtures.js';
import { createPractice, recordsOf, type Practice } from '../../../telephony/testing/call-fixtures.js';
import { FakeTwilioCall } from '../../../telephony/testing/fake-twilio.js';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai-server.js';

/**
 * The booking tools as the LLM brain calls them (issue 31 §3): find_open_times, hold_open_time and
 * book_held_time, on a practice whose calendar books the annual physical directly by phone
 * (calendar-fixtures.ts), on Friday, November 27, 2026 at 9 AM in Hartford.
 */
let t: TestAppHandle;
let llm: FakeOpenAi;
let practice: Practice;
const CALLER = '+18605550123';
const FRIDAY_9AM = Date.parse('2026-11-27T14:00:00Z');

beforeAll(async () => {
  llm = await startFakeOpenAi();
  t = await createTestApp({ LLM_BASE_URL: llm.baseURL, LLM_API_KEY: 'sk-test', LLM_MODEL: 'default-model', LLM_TIMEOUT_MS: '3000' });
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});
/** Each test has a practice of its own, its calendar empty. */
beforeEach(async () => {
  llm.requests.length = 0;
  t.ctx.clock.advance(FRIDAY_9AM - t.ctx.clock.now().getTime());
  practice = await createPractice(t.ctx, { agentSettings: { brain: 'llm', model: 'fake-gpt' } });
  await addCalendar(t.db, practice.id);
});
afterEach(() => t.ctx.clock.reset());

const FIND = { name: 'find_open_times', arguments: { reason: 'Annual physical', isNewPatient: false, preferences: { timesOfDay: ['morning'] } } };
const HOLD = { name: 'hold_open_time', arguments: { option: 1, firstName: 'Jane', lastName: 'Smith', dateOfBirth: '1980-03-03' } };
const BOOK = { name: 'book_held_time', arguments: { callerConfirmed: true } };

/** What the model was told by the tool it called last. */
const lastToolResult = () => JSON.parse(llm.requests.at(-1)!.messages.at(-1)!.content!) as Record<string, unknown>;

/** A call up to a held time: offered (find_open_times), then the first option held. */
async function holding(): Promise<FakeTwilioCall> {
  const call = new FakeTwilioCall(t.app, CALLER, practice.number);
  await call.answer();
  llm.script({ toolCalls: [FIND] }, { content: 'I can offer Monday at 9, Tuesday at 9 or Wednesday at 9. Which would you like?' });
  await call.say("I'm Jane Smith, born March 3rd 1980, a patient already; I'd like my annual physical, mornings please");
  llm.script({ toolCalls: [HOLD] }, { content: 'Let me read that back: Monday, November 30th at 9 AM with Dr. Hart. Is that right?' });
  await call.say('The first one');
  return call;
}

describe('the booking tools, called by the LLM brain', () => {
  it('offers real times, holds the one chosen and books it on yes — once, however often the model asks', async () => {
    const call = new FakeTwilioCall(t.app, CALLER, practice.number);
    await call.answer();
    llm.script({ toolCalls: [FIND] }, { content: 'I can offer Monday at 9, Tuesday at 9 or Wednesday at 9. Which would you like?' });
    await call.say('Mornings please');
    expect(lastToolResult()).toMatchObject({
      ok: true,
      bookable: true,
      visitType: 'Annual physical',
      options: [
        { option: 1, start: '2026-11-30T09:00', when: 'Monday, November 30th at 9 AM', clinician: 'Dr. Rebecca Hart', location: 'Main Street clinic' },
        { option: 2, start: '2026-12-01T09:00' },
        { option: 3, start: '2026-12-02T09:00' },
      ],
    });

    llm.script({ toolCalls: [HOLD] }, { content: 'Let me read that back. Is that right?' });
    await call.say('The first one');
    expect(lastToolResult()).toMatchObject({ ok: true, held: true, when: 'on Monday, November 30th at 9 AM', clinician: 'Dr. Rebecca Hart' });
    expect((await visitsOfCall(t.db, call.callSid)).map((v) => v.status)).toEqual(['held']);

    llm.script({ toolCalls: [BOOK, BOOK] }, { content: "You're booked. Anything else?" });
    await call.say('Yes, that is right');
    const [first, second] = llm.requests.at(-1)!.messages.slice(-2).map((m) => JSON.parse(m.content!) as Record<string, unknown>);
    expect(first).toMatchObject({ ok: true, booked: true, referenceCode: expect.stringMatching(/^[A-Z0-9]{3}-[A-Z0-9]{4}$/), when: 'on Monday, November 30th at 9 AM' });
    expect(second).toEqual(first);

    const records = await recordsOf(t.db, call.callSid);
    expect(records.requests).toHaveLength(1);
    expect(records.requests[0]).toMatchObject({ source: 'phone', status: 'scheduled', referenceCode: first!.referenceCode, firstName: 'Jane', reason: 'Annual physical', visitClinician: 'Dr. Rebecca Hart', visitLocation: 'Main Street clinic' });
    // The request's handoff is resolved as it is made: nothing is left for staff to schedule.
    expect(records.handoffs.map((h) => [h.type, h.status])).toEqual([['appointment_request', 'resolved']]);
    expect(records.call!.patientId).toBe(records.requests[0]!.patientId);
    expect(await visitsOfCall(t.db, call.callSid)).toEqual([
      expect.objectContaining({ status: 'booked', channel: 'phone', start: '2026-11-30T09:00', clinician: 'Dr. Rebecca Hart', request: 'scheduled for it', patient: `Jane Smith, 1980-03-03, ${CALLER}` }),
    ]);
    // The patient hears from the practice as when staff schedule a request.
    expect((await outboxFor(t.db, CALLER, 'appointment-scheduled')).map((m) => m.body)).toContainEqual(expect.stringContaining(String(first!.referenceCode)));
    const events = await t.ctx.pool.query(`select to_status, actor_type from appointment_request_events where appointment_request_id = $1 order by id`, [records.requests[0]!.id]);
    expect(events.rows).toEqual([
      { to_status: 'submitted', actor_type: 'agent' },
      { to_status: 'scheduled', actor_type: 'agent' },
    ]);
  });

  it('a booking turn run again after a concurrent write books once', async () => {
    const call = await holding();
    const before = llm.requests.length;
    // First attempt: the booking, then a slow answer during which another write takes the call's next event number.
    llm.script({ toolCalls: [BOOK] }, { content: "You're booked.", delayMs: 400 }, { toolCalls: [BOOK] }, { content: "You're booked. Anything else?" });
    const answered = call.say('Yes');
    const deadline = Date.now() + 5000;
    while (llm.requests.length < before + 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    await t.ctx.pool.query(
      `insert into call_events (call_id, seq, kind, payload) select c.id, (select max(seq) + 1 from call_events where call_id = c.id), 'note', '{"text":"concurrent"}' from calls c where c.provider_call_id = $1`,
      [call.callSid],
    );
    const twiml = await answered;
    expect(llm.requests.length - before, 'the turn ran twice').toBe(4);
    expect(twiml.text).toBe("You're booked. Anything else?");
    const records = await recordsOf(t.db, call.callSid);
    expect(records.requests.map((r) => r.status)).toEqual(['scheduled']);
    expect((await visitsOfCall(t.db, call.callSid)).map((v) => [v.status, v.request])).toEqual([['booked', 'scheduled for it']]);
  });

  it('says a held time was taken meanwhile, with the next free times', async () => {
    const call = await holding();
    // The caller takes longer than the hold, and the front desk gives the time to someone else.
    await takeTime(t.ctx, call.callSid, 'held', 6);
    llm.script({ toolCalls: [BOOK] }, { content: 'Sorry, that time was just taken. I can offer 9:45 instead.' });
    await call.say('Yes');
    expect(lastToolResult()).toMatchObject({ ok: false, error: 'slot_taken', options: [{ option: 1, start: '2026-11-30T09:45' }, { option: 2, start: '2026-12-01T09:00' }, { option: 3, start: '2026-12-02T09:00' }] });
    expect((await recordsOf(t.db, call.callSid)).requests).toEqual([]);
    expect((await visitsOfCall(t.db, call.callSid)).map((v) => v.status)).toEqual(['canceled']);
  });

  it.each([
    ['a visit the front desk books', { reason: 'Follow-up', isNewPatient: false }, 'not_booked_directly'],
    ['a new patient for a visit booked directly only for returning ones', { reason: 'Sick visit', reasonOther: 'sore throat', isNewPatient: true }, 'new_patients_not_booked'],
    ['nothing that fits', { reason: 'Annual physical', isNewPatient: false, preferences: { days: ['sat'] } }, 'no_open_times'],
  ])('answers bookable false for %s: a request, as before', async (_name, args, why) => {
    const call = new FakeTwilioCall(t.app, CALLER, practice.number);
    await call.answer();
    llm.script({ toolCalls: [{ name: 'find_open_times', arguments: args }] }, { content: 'I will take a request for you.' });
    await call.say('I need an appointment');
    expect(lastToolResult()).toMatchObject({ ok: true, bookable: false, why });
  });

  it('holds and books nothing without an offer, or without a yes', async () => {
    const call = new FakeTwilioCall(t.app, CALLER, practice.number);
    await call.answer();
    llm.script({ toolCalls: [HOLD, { name: 'book_held_time', arguments: { callerConfirmed: false } }] }, { content: 'Let me find some times first.' });
    await call.say('Book me the first one');
    const [hold, book] = llm.requests.at(-1)!.messages.slice(-2).map((m) => JSON.parse(m.content!) as Record<string, unknown>);
    expect(hold).toMatchObject({ ok: false, error: 'nothing_offered' });
    expect(book).toMatchObject({ ok: false, error: 'not_confirmed' });
    expect(await visitsOfCall(t.db, call.callSid)).toEqual([]);
  });
});
