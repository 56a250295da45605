import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';
import { renderTwiml } from '../twilio/twiml.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubmittedRequest } from '../../features/appointment-requests/request-submission.service.js';
import { createTestApp, type TestAppHandle } from '../../test-support/index.js';
import { addCalendar, bookVisitBeforeCall, SETUP_VISITS, visitById, visitsOfCall } from '../testing/calendar-fixtures.js';
import { createPractice, recordsOf } from '../testing/call-fixtures.js';
import { FakeRelayCall } from '../testing/fake-relay.js';
import { RELAY_IDLE_MS, RELAY_SILENCE, RelaySession } from './relay-session.js';
import { FakeTwilioCall, signature, TWILIO_TEST_TOKEN, type Twiml } from '../testing/fake-twilio.js';
import { CALLER, type Scenario } from '../testing/scenario-types.js';
import { APPOINTMENT_SCENARIOS } from '../testing/scenarios-appointments.js';
import { BOOKING_SCENARIOS } from '../testing/scenarios-booking.js';
import { CONTACT_SCENARIOS } from '../testing/scenarios-contact.js';
import { GENERAL_SCENARIOS } from '../testing/scenarios-general.js';
import { UNDERSTANDING_SCENARIOS } from '../testing/scenarios-understanding.js';

/**
 * ConversationRelay (issue 20): a fake provider on 127.0.0.1 speaks the WebSocket protocol to
 * the app, and scenario calls run in both voice modes leave the same records.
 */
let t: TestAppHandle;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

const RELAY = { voiceMode: 'relay' };

async function relayCall(opts: { open?: boolean; onDuty?: boolean } = { open: true }) {
  const practice = await createPractice(t.ctx, { ...opts, agentSettings: RELAY });
  const call = new FakeRelayCall(t.app, port, CALLER, practice.number);
  return { practice, call };
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const v = await read();
    if (ok(v) || i > 100) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the relay adapter', () => {
  it('answers the voice webhook with <Connect><ConversationRelay> naming the signed wss URL, greeting, hints and the call', async () => {
    const { practice, call } = await relayCall({ open: true, onDuty: true });
    const greeting = await call.answer();
    expect(call.last!.xml).toMatch(/<Connect action="http:\/\/localhost:3000\/telephony\/twilio\/relay-end\?t=\d+" method="POST"><ConversationRelay url="ws:\/\/localhost:3000\/telephony\/twilio\/relay"/);
    // The practice's name and the people its schedules put on duty, for the recogniser.
    expect(call.last!.xml).toContain(`hints="${practice.name},${practice.onDuty!.name}"`);
    expect(call.last!.xml).toMatch(/interruptible="any".*dtmfDetection="true"/);
    expect(call.last!.xml).toMatch(/<Parameter name="callId" value="[0-9a-f-]{36}"\/>/);
    expect(greeting.text).toMatch(/Thank you for calling/);
    call.socket!.close();
  });

  it('refuses an unsigned handshake', async () => {
    const { call } = await relayCall();
    await call.answer();
    call.socket!.close();
    await expect(call.open('ws://localhost:3000/telephony/twilio/relay', { sign: false })).rejects.toThrow(/handshake refused: 403/);
  });

  it('streams a reply sentence by sentence, `last` on the final token', async () => {
    const { call } = await relayCall();
    await call.answer();
    const before = call.received.length;
    await call.say('What are your opening hours?');
    const texts = call.received.slice(before).filter((m) => m.type === 'text');
    expect(texts.length).toBeGreaterThanOrEqual(1);
    expect(texts.map((m) => m.last)).toEqual([...texts.slice(1).map(() => false), true]);
    call.socket!.close();
  });

  it('on interrupt, stores what the caller heard of the agent, marked, and answers the new prompt', async () => {
    const { call } = await relayCall();
    const greeting = await call.answer();
    call.interrupt('Thank you for calling', 1200);
    const reply = await call.say("I'd like to make an appointment");
    expect(reply.text).toMatch(/name/i);
    const records = await recordsOf(t.db, call.callSid);
    const first = records.events.find((e) => e.kind === 'agent_speech')!;
    expect(first.payload).toMatchObject({ text: 'Thank you for calling', said: greeting.text, interrupted: true, heardMs: 1200 });
    call.socket!.close();
  });

  it('takes DTMF as the caller’s input', async () => {
    const { call } = await relayCall();
    await call.answer();
    await call.dtmf('0');
    const records = await recordsOf(t.db, call.callSid);
    expect(records.events.find((e) => e.kind === 'caller_speech')!.payload).toMatchObject({ text: '0', digits: '0' });
    call.socket!.close();
  });

  it('logs messages it cannot read and goes on', async () => {
    const { call } = await relayCall();
    await call.answer();
    call.sendRaw('this is not json {');
    call.sendJson({ type: 'prompt', last: true });
    call.sendJson({ type: 'mystery' });
    call.sendJson({ type: 'error', description: 'Invalid message received' });
    const reply = await call.say('Where are you located?');
    expect(reply.text.length).toBeGreaterThan(0);
    expect(call.received.every((m) => m.type === 'text')).toBe(true);
    call.socket!.close();
  });

  it('a dropped socket mid-request ends the call as a hang-up with a call-back task', async () => {
    const { call } = await relayCall();
    await call.answer();
    await call.say("I'd like to make an appointment");
    await call.say('Jane Smith');
    await call.drop();
    const records = await until(
      () => recordsOf(t.db, call.callSid),
      (r) => r.call!.status === 'completed',
    );
    expect(records.call!.outcome).toBe('abandoned');
    expect(records.handoffs).toMatchObject([{ type: 'callback', contactName: 'Jane Smith' }]);
    // The provider's own status callback afterwards changes nothing.
    expect((await call.status('completed', 40)).statusCode).toBe(200);
    expect((await recordsOf(t.db, call.callSid)).handoffs).toHaveLength(1);
  });

  it('a repeated setup on the session changes nothing', async () => {
    const { call } = await relayCall();
    await call.answer();
    const setup = { type: 'setup', sessionId: 'VXrepeat', callSid: call.callSid, from: CALLER, to: 'x' };
    call.sendJson(setup);
    call.sendJson(setup);
    const reply = await call.say('What are your opening hours?');
    expect(reply.text.length).toBeGreaterThan(0);
    const records = await recordsOf(t.db, call.callSid);
    expect(records.events.filter((e) => e.kind === 'caller_speech')).toHaveLength(1);
    expect(records.call!.status).toBe('in_progress');
    call.socket!.close();
  });

  it('refuses a second socket for a live call opened with the same (replayed) signed handshake: it cannot speak for the caller', async () => {
    const { call } = await relayCall();
    await call.answer();
    await call.say('What are your opening hours?');
    const [taken] = (await t.db.execute<{ session_id: string; awaiting: boolean }>(sql`select r.session_id, r.awaiting from call_relay_sockets r join calls c on c.id = r.call_id where c.provider_call_id = ${call.callSid}`)).rows;
    expect(taken).toMatchObject({ awaiting: false, session_id: expect.stringMatching(/^VX/) });

    const publicUrl = 'ws://localhost:3000/telephony/twilio/relay';
    const intruder = new WebSocket(`ws://127.0.0.1:${port}/telephony/twilio/relay`, { headers: { 'x-twilio-signature': signature(publicUrl, {}) } });
    const closed = new Promise<number>((resolve) => intruder.on('close', (code) => resolve(code)));
    const received: string[] = [];
    intruder.on('message', (d) => received.push(d.toString()));
    await new Promise<void>((resolve, reject) => (intruder.once('open', () => resolve()), intruder.once('error', reject)));
    intruder.send(JSON.stringify({ type: 'setup', sessionId: 'VXintruder', callSid: call.callSid, from: CALLER, to: 'x' }));
    intruder.send(JSON.stringify({ type: 'prompt', voicePrompt: 'Put me on the do not call list', last: true }));
    expect(await closed).toBe(1008);
    expect(received).toEqual([]);

    // The call goes on, on its own socket; nothing the intruder said was taken.
    const reply = await call.say('Where are you located?');
    expect(reply.text.length).toBeGreaterThan(0);
    const records = await recordsOf(t.db, call.callSid);
    expect(records.call!.status).toBe('in_progress');
    expect(records.events.filter((e) => e.kind === 'caller_speech').map((e) => (e.payload as { text: string }).text)).toEqual(['What are your opening hours?', 'Where are you located?']);
    const [still] = (await t.db.execute<{ session_id: string }>(sql`select r.session_id from call_relay_sockets r join calls c on c.id = r.call_id where c.provider_call_id = ${call.callSid}`)).rows;
    expect(still!.session_id).toBe(taken!.session_id);
    call.socket!.close();
  });

  it('refuses a socket for a call that awaits none (never answered with <Connect>)', async () => {
    const practice = await createPractice(t.ctx, { open: true });
    const gather = new FakeTwilioCall(t.app, CALLER, practice.number);
    await gather.answer();
    const intruder = new FakeRelayCall(t.app, port, CALLER, practice.number);
    (intruder as unknown as { callSid: string }).callSid = gather.callSid;
    await intruder.open('ws://localhost:3000/telephony/twilio/relay');
    expect(await intruder.closedCode()).toBe(1008);
    expect((await recordsOf(t.db, gather.callSid)).call!.status).toBe('in_progress');
  });

  it('logs the first unreadable frame of a socket and counts the rest, reported once at close (not 2,003 error lines)', async () => {
    const entries: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
    const record = (level: string) => (obj: Record<string, unknown>, msg: string) => void entries.push({ level, obj, msg });
    const log = { error: record('error'), warn: record('warn'), info: record('info'), debug: record('debug'), trace: record('trace'), fatal: record('fatal') } as unknown as FastifyBaseLogger;
    const session = new RelaySession(t.ctx, { render: (r, at) => renderTwiml(r, at, t.ctx.baseUrl) }, () => undefined, () => undefined, log);
    const frames = [];
    for (let i = 0; i < 2000; i++) frames.push(session.receive(i % 2 ? 'not json {' : JSON.stringify({ type: 'mystery', n: i })));
    session.unreadable({ binary: true, bytes: 12 });
    frames.push(session.receive(JSON.stringify({ type: 'prompt', voicePrompt: 'hello', last: true })), session.receive('{'));
    await Promise.all(frames);
    await session.closedByPeer();
    expect(entries.filter((e) => e.level === 'error')).toHaveLength(1);
    const summary = entries.filter((e) => e.level === 'warn');
    expect(summary).toHaveLength(1);
    expect(summary[0]!.obj).toMatchObject({ unreadable: 2003 });
  });

  it('follows a caller into Spanish with a language message, and the call records it', async () => {
    const { call } = await relayCall();
    await call.answer();
    const before = call.received.length;
    const reply = await call.say('Hola, quisiera hacer una cita para mi hijo por favor');
    expect(call.received.slice(before)[0]).toEqual({ type: 'language', ttsLanguage: 'es-US', transcriptionLanguage: 'es-US' });
    expect(reply.text).toMatch(/^Puedo ayudarle a pedir una cita/);
    const records = await recordsOf(t.db, call.callSid);
    expect((records.call!.agentState as { language?: string }).language).toBe('es');
    call.socket!.close();
  });

  it('closes a session with no traffic past the idle timeout, ending the call', async () => {
    const saved = RELAY_IDLE_MS.value;
    RELAY_IDLE_MS.value = 300;
    try {
      const { call } = await relayCall();
      await call.answer();
      expect(await call.closed).toBe(4000);
      const records = await until(
        () => recordsOf(t.db, call.callSid),
        (r) => r.call!.status === 'completed',
      );
      expect(records.call!.status).toBe('completed');
    } finally {
      RELAY_IDLE_MS.value = saved;
    }
  });

  it('an emergency ends the session; <Connect action> says the emergency message and hangs up', async () => {
    const { call } = await relayCall();
    await call.answer();
    const twiml = await call.say('My father has crushing chest pain and can’t breathe');
    expect(call.received.at(-1)).toMatchObject({ type: 'end' });
    expect(twiml.text).toMatch(/911/);
    expect(twiml.hangup).toBe(true);
    expect((await recordsOf(t.db, call.callSid)).call!.outcome).toBe('emergency');
  });
});

const PICKED = [
  'books step by step, spoken date of birth',
  'hangs up half way through a request',
  'reports chest pain at once',
  'an emergency in the middle of an appointment request',
  'asks for a person while the practice is open: transferred to the person on duty',
  'a transfer nobody answers: the agent comes back and takes a call-back',
  'leaves a message for the doctor',
  'checks on a request with its reference code and date of birth',
  'asks to be put on the do-not-call list',
  'silent after a question, then answers',
];
// Everything the understanding added (issue 26 §8), and booking open times (issue 31 §3), run in both modes too.
const SCENARIOS: Scenario[] = [...[...APPOINTMENT_SCENARIOS, ...CONTACT_SCENARIOS, ...GENERAL_SCENARIOS].filter((s) => PICKED.includes(s.name)), ...UNDERSTANDING_SCENARIOS, ...BOOKING_SCENARIOS];

describe.each(SCENARIOS.map((s) => [s.name, s] as const))('%s, in both voice modes', (_name, scenario) => {
  it('leaves the same records through Gather and through ConversationRelay', async () => {
    const results = [];
    for (const mode of ['gather', 'relay'] as const) {
      t.ctx.clock.reset();
      if (scenario.clock) t.ctx.clock.advance(Date.parse(scenario.clock) - t.ctx.clock.now().getTime());
      const practice = await createPractice(t.ctx, {
        open: scenario.practice?.open,
        onDuty: scenario.practice?.onDuty,
        agentSettings: { ...(scenario.practice?.agentSettings ?? {}), voiceMode: mode },
        appointments: scenario.practice?.appointments,
        country: scenario.practice?.country,
      });
      if (scenario.practice?.calendar) await addCalendar(t.db, practice.id);
      const vars: Record<string, string> = {};
      if (scenario.setup === 'submitted_request') {
        const { request } = await t.db.transaction((tx) =>
          createSubmittedRequest(t.ctx, tx, { organizationId: practice.id, source: 'web', firstName: 'Jane', lastName: 'Smith', dateOfBirth: '1980-03-03', phone: CALLER, reason: 'Follow-up', consentToContact: true }),
        );
        vars.code = request.referenceCode!.replace('-', '').split('').join(' ');
      }
      let setupVisitId: string | null = null;
      if (scenario.setup && scenario.setup !== 'submitted_request') {
        const v = SETUP_VISITS[scenario.setup];
        const booked = await bookVisitBeforeCall(t.ctx, practice.id, v.start, v.patient, { request: v.request });
        setupVisitId = booked.visitId;
        vars.code = booked.code;
      }
      const call = mode === 'gather' ? new FakeTwilioCall(t.app, scenario.from ?? CALLER, practice.number) : new FakeRelayCall(t.app, port, scenario.from ?? CALLER, practice.number);
      const transcript: string[] = [];
      let twiml: Twiml = await call.answer();
      transcript.push(`agent: ${twiml.text}`);
      for (const step of scenario.steps) {
        let expected: RegExp | undefined;
        if (typeof step === 'string' || Array.isArray(step)) {
          const said = (typeof step === 'string' ? step : step[0]).replace(/\{(\w+)\}/g, (_m, k: string) => vars[k] ?? '');
          expected = Array.isArray(step) ? step[1] : undefined;
          transcript.push(`caller: ${said}`);
          twiml = await call.say(said);
        } else if ('silence' in step) {
          expected = step.agent;
          twiml = await call.silence();
        } else if ('dial' in step) {
          expected = step.agent;
          twiml = await call.dialResult(step.dial);
        } else if ('meanwhile' in step) {
          await step.meanwhile({ ctx: t.ctx, callSid: call.callSid });
          continue;
        } else {
          if (call instanceof FakeRelayCall) await call.drop();
          expect((await call.status('completed', 30)).statusCode).toBe(200);
          continue;
        }
        transcript.push(`agent: ${twiml.text}`);
        if (expected) expect(twiml.text, `${mode}\n${transcript.join('\n')}`).toMatch(expected);
      }
      if (call instanceof FakeRelayCall && call.socket && call.socket.readyState === call.socket.OPEN) call.socket.close();
      const r = await until(
        () => recordsOf(t.db, call.callSid),
        (x) => scenario.steps.every((s) => typeof s !== 'object' || Array.isArray(s) || !('hangup' in s)) || x.call!.status === 'completed',
      );
      // The practice's name and reference codes differ from one call to the other; the rest must not.
      const speechOf = (text: string) =>
        (vars.code ? text.replaceAll(vars.code, '<code>') : text)
          .replaceAll(practice.name, '<practice>')
          .replace(/\b[A-Z0-9]{3}-[A-Z0-9]{4}\b/g, '<code>')
          .replace(/\b(?:[A-Z0-9] ){2}[A-Z0-9], (?:[A-Z0-9] ){3}[A-Z0-9]\b/g, '<code>');
      results.push({
        log: transcript.join('\n'),
        outcome: r.call!.outcome,
        status: r.call!.status,
        summary: speechOf(r.call!.summary ?? ''),
        requests: r.requests.map((q) => ({ status: q.status, reason: q.reason })),
        handoffs: r.handoffs.map((h) => ({ type: h.type, priority: h.priority, status: h.status, reason: speechOf(h.reason) })),
        dnc: r.dnc.length,
        visits: await visitsOfCall(t.db, call.callSid),
        bookedVisit: setupVisitId ? await visitById(t.db, setupVisitId) : null,
        speech: r.events.filter((e) => e.kind === 'caller_speech' || e.kind === 'agent_speech').map((e) => `${e.kind}: ${speechOf(String(e.payload.text))}`),
      });
    }
    t.ctx.clock.reset();
    const [gather, relay] = results;
    expect(gather!.outcome).toBe(scenario.expect.outcome);
    if (scenario.expect.visits) expect(gather!.visits).toEqual(scenario.expect.visits);
    if (scenario.expect.bookedVisit) expect(gather!.bookedVisit).toEqual(scenario.expect.bookedVisit);
    const { log: _l1, ...g } = gather!;
    const { log: _l2, ...rl } = relay!;
    expect(rl, `${gather!.log}\n---\n${relay!.log}`).toEqual(g);
  });
});

describe('silence on a relay call (ConversationRelay sends nothing while the caller is silent)', () => {
  async function quickSilence<T>(work: () => Promise<T>, afterSpeechMs = 250): Promise<T> {
    const saved = { ...RELAY_SILENCE };
    Object.assign(RELAY_SILENCE, { afterSpeechMs, msPerWord: 0 });
    try {
      return await work();
    } finally {
      Object.assign(RELAY_SILENCE, saved);
    }
  }

  it('asks again as on the Gather path, then says goodbye and ends the call with the same records', () =>
    quickSilence(async () => {
      const results = [];
      for (const mode of ['gather', 'relay'] as const) {
        const practice = await createPractice(t.ctx, { open: true, agentSettings: { voiceMode: mode } });
        const heard: string[] = [];
        let callSid: string;
        if (mode === 'gather') {
          const call = new FakeTwilioCall(t.app, CALLER, practice.number);
          callSid = call.callSid;
          heard.push((await call.answer()).text);
          for (let i = 0; i < 3; i++) heard.push((await call.silence()).text);
          expect(call.last!.hangup).toBe(true);
        } else {
          const call = new FakeRelayCall(t.app, port, CALLER, practice.number);
          callSid = call.callSid;
          heard.push((await call.answer()).text);
          // Nothing is sent by the caller's side: the session's own wait runs each no-input turn.
          for (let i = 0; i < 3; i++) heard.push((await call.waitForAgent()).text);
          expect(call.last!.hangup).toBe(true);
        }
        const r = await until(() => recordsOf(t.db, callSid), (x) => x.call!.status === 'completed');
        const clean = (s: string) => s.replaceAll(practice.name, '<practice>');
        results.push({
          heard: heard.map(clean),
          status: r.call!.status,
          outcome: r.call!.outcome,
          summary: clean(r.call!.summary ?? ''),
          events: r.events.map((e) => (e.kind === 'model_request' ? `${e.kind}:${String(e.payload.decision)}` : e.kind === 'caller_speech' ? `${e.kind}:${e.payload.noInput ? 'no input' : String(e.payload.text)}` : e.kind)),
        });
      }
      const [gather, relay] = results;
      expect(gather!.heard[1]).toMatch(/^Sorry, I didn't hear anything\. Thank you for calling <practice>/);
      expect(gather!.heard[3]).toMatch(/I can't hear anything\. Please call us again/);
      expect(gather!.events.filter((e) => e === 'caller_speech:no input')).toHaveLength(3);
      expect(relay).toEqual(gather);
    }));

  // Waits of seconds, not milliseconds: on a loaded machine a test's own pauses stretch.
  it('a caller who answers in time hears no re-prompt; a closed socket cancels the wait', () =>
    quickSilence(async () => {
      const { call } = await relayCall();
      await call.answer();
      await call.say('What are your hours?');
      await call.say('Thanks, that is all I needed');
      // Partial prompts are the caller speaking: the wait starts again, and nothing is said over them.
      // Five seconds of speaking in all, longer than the 4 s wait, one partial prompt a second.
      for (let i = 0; i < 5; i++) {
        call.sendJson({ type: 'prompt', voicePrompt: 'Actually one more', lang: 'en-US', last: false });
        await new Promise((r) => setTimeout(r, 1000));
      }
      expect(call.received.filter((m) => m.type === 'text' && String(m.token).startsWith('Sorry')), JSON.stringify(call.received)).toEqual([]);
      call.socket!.close();
      await call.closed;
      await new Promise((r) => setTimeout(r, 4500));
      const r = await until(() => recordsOf(t.db, call.callSid), (x) => x.call!.status === 'completed');
      expect(r.events.filter((e) => e.kind === 'caller_speech' && e.payload.noInput)).toEqual([]);
      expect(r.call!.status).toBe('completed');
    }, 4000), 30_000);
});
