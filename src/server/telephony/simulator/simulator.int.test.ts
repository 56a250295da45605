import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../db/schema/index.js';
import { closeStaleCalls } from '../jobs/close-stale-calls.job.js';
import { createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, recordsOf, type Practice } from '../testing/call-fixtures.js';
import { FakeTwilioCall } from '../testing/fake-twilio.js';

let t: TestAppHandle;
let practice: Practice;
let other: Practice;
let admin: string;
let developer: string;
let agent: string;
let outsider: string;

beforeAll(async () => {
  t = await createTestApp();
  practice = await createPractice(t.ctx);
  other = await createPractice(t.ctx);
  const sign = async (role: 'admin' | 'developer' | 'agent' | 'supervisor', orgs: string[]) => {
    const u = await createStaffUser(t.ctx, { role, organizationIds: orgs });
    return signIn(t.app, u.email, u.password);
  };
  admin = await sign('admin', []);
  developer = await sign('developer', [practice.id]);
  agent = await sign('agent', [practice.id]);
  outsider = await sign('supervisor', [other.id]);
});
afterAll(() => t?.close());

const post = (cookie: string, url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

async function start(cookie = developer, body: object = { organizationId: practice.id }) {
  const res = await post(cookie, '/api/simulator/calls', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { callId: string; agentText: string; ended: boolean; events: { kind: string; payload: Record<string, unknown> }[] };
}

describe('the simulator', () => {
  it('starts a call by organization or by number, on the same pipeline as a phone call', async () => {
    const byOrg = await start();
    expect(byOrg.agentText).toContain(`Thank you for calling ${practice.name}`);
    expect(byOrg.ended).toBe(false);
    expect(byOrg.events.map((e) => e.kind)).toEqual(['status', 'model_request', 'agent_speech']);
    const [first] = await t.db.select().from(calls).where(eq(calls.id, byOrg.callId));
    expect(first!.toNumber).toBe(practice.number);
    const byNumber = await start(developer, { to: practice.number, from: '(860) 555-0177' });
    const [row] = await t.db.select().from(calls).where(eq(calls.id, (byNumber as { callId: string }).callId));
    expect(row).toMatchObject({ provider: 'simulator', direction: 'inbound', organizationId: practice.id, fromNumber: '+18605550177', toNumber: practice.number, status: 'in_progress' });
  });

  it('is found by text search while it is still going on, and after it ends', async () => {
    const { callId } = await start();
    expect((await post(developer, `/api/simulator/calls/${callId}/turns`, { text: 'Can I leave a message about my kumquat allergy' })).statusCode).toBe(200);
    const search = async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/calls/search', headers: { cookie: agent }, payload: { q: 'kumquat', organizationId: practice.id } });
      expect(res.statusCode).toBe(200);
      return res.json().items as { id: string; live: boolean; match: string | null }[];
    };
    const whileLive = await search();
    expect(whileLive.map((c) => c.id)).toEqual([callId]);
    expect(whileLive[0]).toMatchObject({ live: true });
    expect(whileLive[0]!.match).toMatch(/kumquat/i);
    expect((await post(developer, `/api/simulator/calls/${callId}/hangup`)).statusCode).toBe(200);
    const afterEnd = await search();
    expect(afterEnd.map((c) => c.id)).toEqual([callId]);
    expect(afterEnd[0]).toMatchObject({ live: false });
    // Someone else's organization never sees it.
    const foreign = await t.app.inject({ method: 'POST', url: '/api/calls/search', headers: { cookie: outsider }, payload: { q: 'kumquat' } });
    expect(foreign.json().items).toEqual([]);
  });

  it('books an appointment request by typing, with each turn’s context', async () => {
    const { callId } = await start();
    const lines: [string, RegExp][] = [
      ["I'd like to book an appointment, I'm Jane Smith", /date of birth/],
      ['March 3rd 1980', /reason/],
      ['follow-up', /been seen/],
      ['yes', /days or times/],
      ['mornings', /best number/],
      ['yes', /Let me read that back/],
      ['yes', /reference code/],
    ];
    for (const [text, expected] of lines) {
      const res = await post(developer, `/api/simulator/calls/${callId}/turns`, { text });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.agentText).toMatch(expected);
      expect(body.events.map((e: { kind: string }) => e.kind)).toContain('model_request');
      expect(body.events.find((e: { kind: string }) => e.kind === 'model_request').payload).toMatchObject({ brain: 'builtin' });
    }
    const done = await post(developer, `/api/simulator/calls/${callId}/turns`, { text: 'no thanks' });
    expect(done.json()).toMatchObject({ ended: true });
    const [row] = await t.db.select().from(calls).where(eq(calls.id, callId));
    expect(row).toMatchObject({ status: 'completed', outcome: 'appointment_requested' });
    expect(row!.transcriptText).toMatch(/^Agent: Thank you for calling/);
    expect(row!.transcriptText).toContain("Caller: I'd like to book an appointment, I'm Jane Smith");
    const after = await post(developer, `/api/simulator/calls/${callId}/turns`, { text: 'hello?' });
    expect(after.json()).toMatchObject({ ended: true, events: [] });
  });

  it('plays a transfer nobody answers when asked to', async () => {
    const { callId } = await start();
    const res = await post(developer, `/api/simulator/calls/${callId}/turns`, { text: 'I want to talk to a person', transferResult: 'no-answer' });
    expect(res.json()).toMatchObject({ ended: false, transfer: { target: 'Dana Reyes', result: 'no-answer' } });
    expect(res.json().agentText).toMatch(/connect you with Dana Reyes\. I'm sorry, Dana Reyes isn't available/);
    expect(res.json().events.filter((e: { kind: string }) => e.kind === 'transfer').map((e: { payload: object }) => e.payload)).toEqual([
      { target: { type: 'user', userId: practice.onDuty!.id, name: 'Dana Reyes' } },
      { target: { type: 'user', userId: practice.onDuty!.id, name: 'Dana Reyes' }, result: 'no-answer', response: expect.any(String) },
    ]);
  });

  it('hangs up as the caller', async () => {
    const { callId } = await start();
    await post(developer, `/api/simulator/calls/${callId}/turns`, { text: 'what are your hours' });
    const res = await post(developer, `/api/simulator/calls/${callId}/hangup`);
    expect(res.statusCode).toBe(200);
    expect(res.json().events.map((e: { payload: object }) => e.payload)).toEqual([{ from: 'in_progress', to: 'completed' }]);
    const [row] = await t.db.select().from(calls).where(eq(calls.id, callId));
    expect(row).toMatchObject({ status: 'completed', outcome: 'question_answered' });
    expect((await post(developer, `/api/simulator/calls/${callId}/hangup`)).json().events).toEqual([]);
  });

  it('keeps other organizations’ calls and numbers out of reach (404), and agents out (403)', async () => {
    const { callId } = await start();
    expect((await post(outsider, '/api/simulator/calls', { organizationId: practice.id })).statusCode).toBe(404);
    expect((await post(outsider, '/api/simulator/calls', { to: practice.number })).statusCode).toBe(404);
    expect((await post(outsider, `/api/simulator/calls/${callId}/turns`, { text: 'hi' })).statusCode).toBe(404);
    expect((await post(outsider, `/api/simulator/calls/${callId}/hangup`)).statusCode).toBe(404);
    expect((await post(agent, '/api/simulator/calls', { organizationId: practice.id })).statusCode).toBe(403);
    expect((await post(admin, '/api/simulator/calls/not-a-uuid/turns', { text: 'hi' })).statusCode).toBe(404);
    const phone = new FakeTwilioCall(t.app, '+18605550123', practice.number);
    await phone.answer();
    const twilioCall = (await recordsOf(t.db, phone.callSid)).call!;
    expect((await post(admin, `/api/simulator/calls/${twilioCall.id}/turns`, { text: 'hi' })).statusCode).toBe(404);
  });

  it('refuses bad input with 400', async () => {
    const { callId } = await start();
    expect((await post(developer, '/api/simulator/calls', {})).statusCode).toBe(400);
    expect((await post(developer, '/api/simulator/calls', { to: 'not a number' })).statusCode).toBe(400);
    expect((await post(developer, `/api/simulator/calls/${callId}/turns`, { text: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await post(developer, `/api/simulator/calls/${callId}/turns`, { text: 'hi', transferResult: 'maybe' })).statusCode).toBe(400);
  });
});

describe('calls whose end never comes', () => {
  it('are closed by the worker job after the idle time, with their outcome', async () => {
    const { callId } = await start();
    await post(developer, `/api/simulator/calls/${callId}/turns`, { text: 'what are your hours' });
    const fresh = await start();
    await t.db.execute(sql`update calls set last_activity_at = now() - interval '11 minutes' where id = ${callId}`);
    expect(await closeStaleCalls(t.ctx)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(calls).where(eq(calls.id, callId));
    expect(row).toMatchObject({ status: 'completed', outcome: 'question_answered' });
    const { events } = await recordsOf(t.db, row!.providerCallId, 'simulator');
    expect(events.at(-1)).toMatchObject({ kind: 'status', payload: { from: 'in_progress', to: 'completed', reason: expect.stringMatching(/closed after 10 minutes/) } });
    const [untouched] = await t.db.select().from(calls).where(eq(calls.id, fresh.callId));
    expect(untouched!.status).toBe('in_progress');
    expect(await closeStaleCalls(t.ctx)).toBe(0);
  });
});

describe('interrupting the agent (issue 20)', () => {
  it('cuts the last reply to what the caller heard, marks it, and the call goes on', async () => {
    const call = await start();
    const res = await post(developer, `/api/simulator/calls/${call.callId}/interrupt`, { heard: 'Thank you for calling' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ cut: true });
    const turn = await post(developer, `/api/simulator/calls/${call.callId}/turns`, { text: 'What are your hours?' });
    expect(turn.statusCode).toBe(200);
    const [row] = await t.db.select().from(calls).where(eq(calls.id, call.callId));
    const records = await recordsOf(t.db, row!.providerCallId, 'simulator');
    const greeting = records.events.find((e) => e.kind === 'agent_speech')!;
    expect(greeting.payload).toMatchObject({ text: 'Thank you for calling', said: call.agentText, interrupted: true });
    // Someone who may not see the call cannot interrupt it.
    expect((await post(outsider, `/api/simulator/calls/${call.callId}/interrupt`, { heard: 'x' })).statusCode).toBe(404);
  });
});
