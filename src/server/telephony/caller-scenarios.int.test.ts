import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSubmittedRequest } from '../features/appointment-requests/request-submission.service.js';
import { createTestApp, type TestAppHandle } from '../test-support/index.js';
import { addCalendar, bookVisitBeforeCall, SETUP_VISITS, visitById, visitsOfCall } from './testing/calendar-fixtures.js';
import { createPractice, recordsOf } from './testing/call-fixtures.js';
import { FakeTwilioCall, TWILIO_TEST_TOKEN, type Twiml } from './testing/fake-twilio.js';
import { CALLER, type Scenario } from './testing/scenario-types.js';
import { APPOINTMENT_SCENARIOS } from './testing/scenarios-appointments.js';
import { BOOKING_SCENARIOS } from './testing/scenarios-booking.js';
import { CONTACT_SCENARIOS } from './testing/scenarios-contact.js';
import { GENERAL_SCENARIOS } from './testing/scenarios-general.js';
import { UNDERSTANDING_SCENARIOS } from './testing/scenarios-understanding.js';

/**
 * The caller-scenario suite (issue 4, point 6): scripted callers through the signed Twilio
 * webhooks, asserting what the agent says (TwiML) and what the call leaves behind.
 */
const SCENARIOS: Scenario[] = [...APPOINTMENT_SCENARIOS, ...BOOKING_SCENARIOS, ...CONTACT_SCENARIOS, ...GENERAL_SCENARIOS, ...UNDERSTANDING_SCENARIOS];

let t: TestAppHandle;
beforeAll(async () => {
  t = await createTestApp({ TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN });
});
afterAll(() => t?.close());
afterEach(() => t.ctx.clock.reset());

it('has at least 30 scenarios', () => expect(SCENARIOS.length).toBeGreaterThanOrEqual(30));

describe.each(SCENARIOS.map((s) => [s.name, s] as const))('%s', (_name, scenario) => {
  it('goes as scripted and leaves the right records', async () => {
    if (scenario.clock) t.ctx.clock.advance(Date.parse(scenario.clock) - t.ctx.clock.now().getTime());
    const practice = await createPractice(t.ctx, { open: scenario.practice?.open, onDuty: scenario.practice?.onDuty, agentSettings: scenario.practice?.agentSettings, appointments: scenario.practice?.appointments, country: scenario.practice?.country });
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
    const call = new FakeTwilioCall(t.app, scenario.from ?? CALLER, practice.number);
    const transcript: string[] = [];
    let twiml: Twiml = await call.answer();
    transcript.push(`agent: ${twiml.text}`);
    let transferredTo: Twiml['dialTarget'] = null;
    for (const step of scenario.steps) {
      let expected: RegExp | undefined;
      if (typeof step === 'string' || Array.isArray(step)) {
        const said = (typeof step === 'string' ? step : step[0]).replace(/\{(\w+)\}/g, (_m, k: string) => vars[k] ?? '');
        expected = Array.isArray(step) ? step[1] : undefined;
        transcript.push(`caller: ${said}`);
        twiml = await call.say(said);
      } else if ('silence' in step) {
        expected = step.agent;
        transcript.push('caller: (silence)');
        twiml = await call.silence();
      } else if ('dial' in step) {
        expected = step.agent;
        transcript.push(`(transfer: ${step.dial})`);
        twiml = await call.dialResult(step.dial);
      } else if ('meanwhile' in step) {
        await step.meanwhile({ ctx: t.ctx, callSid: call.callSid });
        continue;
      } else {
        transcript.push('caller hangs up');
        expect((await call.status('completed', 30)).statusCode).toBe(200);
        continue;
      }
      transcript.push(`agent: ${twiml.text}`);
      if (twiml.dialTarget) transferredTo = twiml.dialTarget;
      if (expected) expect(twiml.text, transcript.join('\n')).toMatch(expected);
    }

    const x = scenario.expect;
    const records = await recordsOf(t.db, call.callSid);
    const log = `${transcript.join('\n')}\n${records.call?.summary}`;
    expect(records.call?.outcome, log).toBe(x.outcome);
    if (x.status) expect(records.call?.status, log).toBe(x.status);
    if (x.hangup !== undefined) expect(call.last?.hangup, log).toBe(x.hangup);
    if (x.lastSaid) expect(call.last?.text).toMatch(x.lastSaid);
    if (x.transferred) expect(transferredTo, log).toEqual({ number: practice.onDuty!.phone });
    if (x.request === null) expect(records.requests, log).toHaveLength(0);
    else if (x.request) {
      expect(records.requests, log).toHaveLength(1);
      expect(records.requests[0], log).toMatchObject({ source: 'phone', status: 'submitted', ...x.request, preferences: expect.objectContaining(x.request.preferences ?? {}) });
      expect(call.heard.join(' ')).toContain(records.requests[0]!.referenceCode!.replace('-', '').split('').slice(0, 3).join(' '));
      expect(records.call!.patientId, 'the call is linked to the patient').toBe(records.requests[0]!.patientId);
    }
    if (x.handoffs) {
      expect(records.handoffs.map((h) => ({ type: h.type, priority: h.priority, ...(x.handoffs!.some((e) => e.status) ? { status: h.status } : {}) })), log).toEqual(x.handoffs.map(({ said: _said, ...h }) => h));
      x.handoffs.forEach((e, i) => e.said && expect(`${records.handoffs[i]!.reason} ${records.handoffs[i]!.contactName ?? ''}`, log).toMatch(e.said));
    }
    if (x.doNotCall !== undefined) expect(records.dnc.map((d) => d.phone), log).toEqual(x.doNotCall ? [scenario.from ?? CALLER] : []);
    if (x.neverSaid) expect(call.heard.join(' '), log).not.toMatch(x.neverSaid);
    if (x.visits) expect(await visitsOfCall(t.db, call.callSid), log).toEqual(x.visits);
    if (x.bookedVisit) expect(await visitById(t.db, setupVisitId!), log).toEqual(x.bookedVisit);

    // Every turn's events are stored in order, and the transcript has every line that was heard.
    expect(records.events.map((e) => e.seq)).toEqual(records.events.map((_, i) => i + 1));
    for (const line of call.heard.slice(0, 3)) expect(records.call!.transcriptText).toContain(line);
    // An ended call's transcript is its speech events, line by line — whichever way it was
    // written (whole from the server's memory of the call, or read from the stored events).
    if (records.call!.endedAt) {
      const spoken = records.events.filter((e) => (e.kind === 'caller_speech' || e.kind === 'agent_speech') && e.payload.text);
      expect(records.call!.transcriptText).toBe(spoken.map((e) => `${e.kind === 'caller_speech' ? 'Caller' : 'Agent'}: ${String(e.payload.text)}`).join('\n'));
    }
    expect(records.call!.summary).toBeTruthy();
  });
});
