import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEvents, calls } from '../../db/schema/index.js';
import { createTestApp, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, recordsOf, uniqueNumber, type Practice } from '../testing/call-fixtures.js';
import { FakeTwilioCall, newCallSid, parseTwiml, postSigned, TWILIO_TEST_TOKEN } from '../testing/fake-twilio.js';

let t: TestAppHandle;
let practice: Practice;
const caller = '+18605550123';

beforeAll(async () => {
  t = await createTestApp({ TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN });
  practice = await createPractice(t.ctx);
});
afterAll(() => t?.close());

const callCount = async () => Number((await t.db.select({ n: count() }).from(calls))[0]!.n);

describe('signatures', () => {
  it('refuses a missing or wrong signature with 403 and stores nothing', async () => {
    const before = await callCount();
    const params = { CallSid: newCallSid(), From: caller, To: practice.number };
    const unsigned = await postSigned(t.app, '/telephony/twilio/voice', params, { sign: false });
    expect(unsigned.statusCode).toBe(403);
    const wrongKey = await postSigned(t.app, '/telephony/twilio/voice', params, { token: 'another-account-token' });
    expect(wrongKey.statusCode).toBe(403);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/telephony/twilio/voice',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': (await import('../testing/fake-twilio.js')).signature('http://localhost:3000/telephony/twilio/voice', params) },
      payload: new URLSearchParams({ ...params, To: '+18605550999' }).toString(),
    });
    expect(tampered.statusCode).toBe(403);
    expect(await callCount()).toBe(before);
  });

  it('answers 503 when no auth token is configured, rather than trusting unsigned requests', async () => {
    const bare = await createTestApp({ TWILIO_AUTH_TOKEN: undefined });
    try {
      const res = await postSigned(bare.app, '/telephony/twilio/voice', { CallSid: newCallSid(), From: caller, To: practice.number });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('telephony_not_configured');
    } finally {
      await bare.close();
    }
  });
});

describe('a call', () => {
  it('is answered in the practice’s name with a speech Gather, and recorded', async () => {
    const call = new FakeTwilioCall(t.app, caller, practice.number);
    const twiml = await call.answer();
    expect(twiml.xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response><Gather /);
    expect(twiml.xml).toContain('input="speech"');
    expect(twiml.xml).toContain('speechTimeout="auto"');
    expect(twiml.xml).toContain('language="en-US"');
    expect(twiml.xml).toContain('<Say voice="Polly.Joanna"');
    expect(twiml.gatherAction).toBe('http://localhost:3000/telephony/twilio/gather?t=1');
    expect(twiml.text).toContain(`Thank you for calling ${practice.name}`);
    const { call: row, events } = await recordsOf(t.db, call.callSid);
    expect(row).toMatchObject({ provider: 'twilio', direction: 'inbound', status: 'in_progress', fromNumber: caller, toNumber: practice.number, organizationId: practice.id });
    expect(row!.answeredAt).not.toBeNull();
    expect(events.map((e) => e.kind)).toEqual(['status', 'model_request', 'agent_speech']);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('reprompts twice on silence, then says goodbye and hangs up', async () => {
    const call = new FakeTwilioCall(t.app, caller, practice.number);
    await call.answer();
    const first = await call.silence();
    expect(first.text).toMatch(/^Sorry, I didn't hear anything\. Thank you for calling/);
    expect(first.gatherAction).toContain('t=2');
    const second = await call.silence();
    expect(second.gatherAction).toContain('t=3');
    const third = await call.silence();
    expect(third.hangup).toBe(true);
    expect(third.text).toMatch(/Goodbye/);
    const { call: row } = await recordsOf(t.db, call.callSid);
    expect(row).toMatchObject({ status: 'completed', outcome: 'abandoned' });
  });

  it('answers a repeated webhook with the same TwiML and stores one turn', async () => {
    const call = new FakeTwilioCall(t.app, caller, practice.number);
    const greeting = await call.answer();
    const again = await postSigned(t.app, '/telephony/twilio/voice', { CallSid: call.callSid, AccountSid: 'ACtest', From: caller, To: practice.number, ApiVersion: '2010-04-01', CallStatus: 'ringing', Direction: 'inbound' });
    expect(again.body).toBe(greeting.xml);
    // Twilio retrying while the first request is still being answered: both get the same answer.
    const params = { CallSid: call.callSid, AccountSid: 'ACtest', From: caller, To: practice.number, ApiVersion: '2010-04-01', CallStatus: 'in-progress', SpeechResult: 'What are your hours?', Confidence: '0.93' };
    const [r1, r2] = await Promise.all([postSigned(t.app, greeting.gatherAction!, params), postSigned(t.app, greeting.gatherAction!, params)]);
    expect(r1.statusCode).toBe(200);
    expect(r2.body).toBe(r1.body);
    const r3 = await postSigned(t.app, greeting.gatherAction!, params);
    expect(r3.body).toBe(r1.body);
    expect(parseTwiml(200, r1.body).text).toMatch(/regular hours/);
    const { call: row, events } = await recordsOf(t.db, call.callSid);
    expect(events.filter((e) => e.kind === 'caller_speech')).toHaveLength(1);
    expect(events.filter((e) => e.kind === 'tool_call')).toHaveLength(1);
    expect(row!.transcriptText).toBe(''); // written once, when the call ends
    expect(new Set(events.map((e) => e.seq)).size).toBe(events.length);
  });

  it('starts each call once when many calls ring at the same moment, each webhook sent twice', async () => {
    // New calls are inserted together (one statement); a repeat in the same batch is skipped
    // and answered with what the first stored.
    const sids = Array.from({ length: 10 }, () => newCallSid());
    const ring = (sid: string, i: number) =>
      postSigned(t.app, '/telephony/twilio/voice', { CallSid: sid, AccountSid: 'ACtest', From: `+1860555${String(5000 + i).padStart(4, '0')}`, To: practice.number, ApiVersion: '2010-04-01', CallStatus: 'ringing', Direction: 'inbound' });
    const answers = await Promise.all(sids.flatMap((sid, i) => [ring(sid, i), ring(sid, i)]));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    for (const [i, sid] of sids.entries()) {
      expect(answers[2 * i + 1]!.body).toBe(answers[2 * i]!.body);
      expect(parseTwiml(200, answers[2 * i]!.body).gatherAction).toBeTruthy();
      const { call: row, events } = await recordsOf(t.db, sid);
      expect(row).toMatchObject({ status: 'in_progress', providerCallId: sid });
      expect(events.map((e) => e.kind)).toEqual(['status', 'model_request', 'agent_speech']);
    }
    const [stored] = await t.db.select({ n: count() }).from(calls).where(inArray(calls.providerCallId, sids));
    expect(stored!.n).toBe(sids.length);
  });

  it('stores every turn once when many calls speak at the same moment, repeats among them', async () => {
    // Turns finishing together are written together (db/group-commit.ts); a repeated request
    // in the same wave must not cost the other calls their turns.
    const many = Array.from({ length: 24 }, (_, i) => new FakeTwilioCall(t.app, `+1860555${String(3000 + i).padStart(4, '0')}`, practice.number));
    const greetings = await Promise.all(many.map((c) => c.answer()));
    const params = (c: FakeTwilioCall) => ({ CallSid: c.callSid, AccountSid: 'ACtest', From: c.from, To: practice.number, ApiVersion: '2010-04-01', CallStatus: 'in-progress', SpeechResult: 'What are your hours?', Confidence: '0.9' });
    const wave = await Promise.all([
      ...many.map((c, i) => postSigned(t.app, greetings[i]!.gatherAction!, params(c))),
      postSigned(t.app, greetings[0]!.gatherAction!, params(many[0]!)),
      postSigned(t.app, greetings[5]!.gatherAction!, params(many[5]!)),
    ]);
    expect(wave.map((r) => r.statusCode)).toEqual(wave.map(() => 200));
    expect(wave[many.length]!.body).toBe(wave[0]!.body);
    expect(wave[many.length + 1]!.body).toBe(wave[5]!.body);
    for (const [i, c] of many.entries()) {
      expect(parseTwiml(200, wave[i]!.body).text).toMatch(/regular hours/);
      const { call: row, events } = await recordsOf(t.db, c.callSid);
      expect(events.filter((e) => e.kind === 'caller_speech').map((e) => e.payload.text)).toEqual(['What are your hours?']);
      expect(events.map((e) => e.seq)).toEqual(events.map((_, n) => n + 1));
      expect((row!.agentState as { turn: number }).turn).toBe(2);
    }
    // Each call goes on from the stored state.
    const next = await Promise.all(many.map((c, i) => postSigned(t.app, parseTwiml(200, wave[i]!.body).gatherAction!, { ...params(c), SpeechResult: 'I would like to leave a message' })));
    expect(next.map((r) => r.statusCode)).toEqual(next.map(() => 200));
    for (const c of many) expect((await recordsOf(t.db, c.callSid)).events.filter((e) => e.kind === 'caller_speech')).toHaveLength(2);
  });

  it('stores bookings and goodbyes of many calls at the same moment: each request once, each call ended', async () => {
    // Booked requests ride in batch statements, several to a statement (each renamed); ending
    // turns go in batches too, with their transcripts.
    const many = Array.from({ length: 12 }, (_, i) => new FakeTwilioCall(t.app, `+1860555${String(4000 + i).padStart(4, '0')}`, practice.number));
    await Promise.all(many.map((c) => c.answer()));
    for (const line of ["I'd like to make an appointment", 'Jane Smith', 'March third nineteen eighty', 'a follow-up', 'yes', 'any time', 'yes']) {
      await Promise.all(many.map((c) => c.say(line)));
    }
    const again = many[3]!;
    const repeat = { url: again.last!.gatherAction!, params: { CallSid: again.callSid, AccountSid: 'ACtest', From: again.from, To: practice.number, ApiVersion: '2010-04-01', CallStatus: 'in-progress', SpeechResult: 'yes that is correct', Confidence: '0.93' } };
    // Calls that only talk share the moment, so bookings ride in batches with their turns.
    const talkers = Array.from({ length: 12 }, (_, i) => new FakeTwilioCall(t.app, `+1860555${String(4100 + i).padStart(4, '0')}`, practice.number));
    await Promise.all(talkers.map((c) => c.answer()));
    const [saved, repeated, talked] = await Promise.all([
      Promise.all(many.map((c) => c.say('yes that is correct'))),
      postSigned(t.app, repeat.url, repeat.params),
      Promise.all(talkers.map((c) => c.say('What are your hours?'))),
    ]);
    for (const x of talked) expect(x.text).toMatch(/regular hours/);
    for (const c of talkers) expect((await recordsOf(t.db, c.callSid)).events.filter((e) => e.kind === 'caller_speech')).toHaveLength(1);
    for (const s of saved) expect(s.text).toMatch(/reference code is/);
    expect(parseTwiml(200, repeated.body).text).toBe(saved[3]!.text);
    const bye = await Promise.all(many.map((c) => c.say("no that's all")));
    for (const b of bye) expect(b.hangup).toBe(true);
    const codes = new Set<string>();
    for (const c of many) {
      const { call: row, requests, handoffs, events } = await recordsOf(t.db, c.callSid);
      expect(requests).toHaveLength(1);
      codes.add(requests[0]!.referenceCode!);
      expect(handoffs.map((h) => h.type)).toEqual(['appointment_request']);
      expect(row).toMatchObject({ status: 'completed', outcome: 'appointment_requested', patientId: requests[0]!.patientId });
      expect(row!.transcriptText).toContain('Caller: yes that is correct');
      expect(row!.transcriptText).toMatch(/Caller: no that's all\nAgent: .*Goodbye/);
      expect(events.map((e) => e.seq)).toEqual(events.map((_, n) => n + 1));
    }
    expect(codes.size).toBe(many.length);
  });

  it('records status and duration when the caller hangs up', async () => {
    const call = new FakeTwilioCall(t.app, caller, practice.number);
    await call.answer();
    await call.say('What are your hours?');
    expect((await call.status('completed', 42)).statusCode).toBe(200);
    expect((await call.status('completed', 42)).statusCode).toBe(200);
    const { call: row, events } = await recordsOf(t.db, call.callSid);
    expect(row).toMatchObject({ status: 'completed', durationSeconds: 42, outcome: 'question_answered' });
    expect(row!.endedAt).not.toBeNull();
    expect(events.filter((e) => e.kind === 'status').map((e) => e.payload)).toEqual([
      { from: 'ringing', to: 'in_progress', response: expect.any(String) },
      { from: 'in_progress', to: 'completed', durationSeconds: 42 },
    ]);
  });

  it('stores the recording URL', async () => {
    const call = new FakeTwilioCall(t.app, caller, practice.number);
    await call.answer();
    const res = await postSigned(t.app, '/telephony/twilio/recording', {
      CallSid: call.callSid,
      RecordingSid: 'RE123',
      RecordingUrl: 'https://api.twilio.com/2010-04-01/Accounts/ACtest/Recordings/RE123',
      RecordingDuration: '31',
      RecordingStatus: 'completed',
    });
    expect(res.statusCode).toBe(200);
    const { call: row, events } = await recordsOf(t.db, call.callSid);
    expect(row).toMatchObject({ recordingUrl: 'https://api.twilio.com/2010-04-01/Accounts/ACtest/Recordings/RE123', recordingDurationSeconds: 31 });
    expect(events.find((e) => e.kind === 'recording')?.payload).toEqual({ url: 'https://api.twilio.com/2010-04-01/Accounts/ACtest/Recordings/RE123', durationSeconds: 31 });
  });
});

describe('bad input', () => {
  it('an unknown number gets a polite message and a hang-up, nothing stored', async () => {
    const before = await callCount();
    const res = await postSigned(t.app, '/telephony/twilio/voice', { CallSid: newCallSid(), From: caller, To: uniqueNumber() });
    const twiml = parseTwiml(res.statusCode, res.body);
    expect(res.statusCode).toBe(200);
    expect(twiml.text).toMatch(/not in service/);
    expect(twiml.hangup).toBe(true);
    expect(await callCount()).toBe(before);
  });

  it('a paused practice answers with its closed message', async () => {
    const paused = await createPractice(t.ctx, { status: 'paused', onDuty: false });
    const call = new FakeTwilioCall(t.app, caller, paused.number);
    const twiml = await call.answer();
    expect(twiml.text).toMatch(/not able to take calls right now/);
    expect(twiml.hangup).toBe(true);
    const { call: row } = await recordsOf(t.db, call.callSid);
    expect(row).toMatchObject({ status: 'completed', outcome: 'other' });
  });

  it('an unknown CallSid on an action URL gets valid TwiML, never a 500', async () => {
    for (const path of ['/telephony/twilio/gather?t=1', '/telephony/twilio/dial-result?t=1']) {
      const res = await postSigned(t.app, path, { CallSid: newCallSid(), SpeechResult: 'hello', DialCallStatus: 'no-answer' });
      expect(res.statusCode).toBe(200);
      expect(parseTwiml(200, res.body).hangup).toBe(true);
    }
    expect((await postSigned(t.app, '/telephony/twilio/status', { CallSid: newCallSid(), CallStatus: 'completed' })).statusCode).toBe(404);
  });

  it('missing or malformed fields are 400, not 500', async () => {
    expect((await postSigned(t.app, '/telephony/twilio/voice', { From: caller })).statusCode).toBe(400);
    expect((await postSigned(t.app, '/telephony/twilio/gather?t=abc', { CallSid: '' })).statusCode).toBe(400);
    expect((await postSigned(t.app, '/telephony/twilio/recording', { CallSid: newCallSid(), RecordingSid: 'RE1', RecordingUrl: 'not a url' })).statusCode).toBe(400);
  });

  it('an oversized SpeechResult is cut, and the call goes on', async () => {
    const call = new FakeTwilioCall(t.app, caller, practice.number);
    await call.answer();
    const twiml = await call.say(`hours ${'blah '.repeat(5000)}`);
    expect(twiml.status).toBe(200);
    const { events } = await recordsOf(t.db, call.callSid);
    const spoken = events.find((e) => e.kind === 'caller_speech')!.payload.text as string;
    expect(spoken.length).toBeLessThanOrEqual(2000);
  });

  it('a stale turn number is answered with the current question, storing nothing', async () => {
    const call = new FakeTwilioCall(t.app, caller, practice.number);
    const greeting = await call.answer();
    await call.say('What are your hours?');
    const [{ n: before }] = await t.db.select({ n: count() }).from(callEvents).innerJoin(calls, eq(calls.id, callEvents.callId)).where(eq(calls.providerCallId, call.callSid));
    const stale = await postSigned(t.app, greeting.gatherAction!.replace('t=1', 't=0'), { CallSid: call.callSid, SpeechResult: 'something else' });
    expect(stale.statusCode).toBe(200);
    expect(parseTwiml(200, stale.body).gatherAction).toContain('t=2');
    const [{ n: after }] = await t.db.select({ n: count() }).from(callEvents).innerJoin(calls, eq(calls.id, callEvents.callId)).where(eq(calls.providerCallId, call.callSid));
    expect(after).toBe(before);
  });
});
