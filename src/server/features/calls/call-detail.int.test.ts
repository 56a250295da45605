import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubmittedRequest } from '../appointment-requests/request-submission.service.js';
import {
  addCallEvents,
  auditRows,
  createCall,
  createConversation,
  createOrganization,
  createStaffUser,
  createTestApp,
  errorCode,
  LOOPBACK_RECORDINGS_ENV,
  signIn,
  type TestAppHandle,
} from '../../test-support/index.js';

let t: TestAppHandle;
let home: string;
const cookies = {} as Record<'admin' | 'supervisor' | 'agent' | 'developer' | 'outsider', string>;
const userIds = {} as Record<keyof typeof cookies, string>;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

// A stand-in for the telephony provider's recording storage.
const AUDIO = Buffer.from(Array.from({ length: 4000 }, (_, i) => i % 251));
let provider: http.Server;
let providerUrl: string;

beforeAll(async () => {
  t = await createTestApp(LOOPBACK_RECORDINGS_ENV);
  home = (await createOrganization(t.ctx, { name: 'Detail Home Clinic' })).id;
  const other = (await createOrganization(t.ctx, { name: 'Detail Other Clinic' })).id;
  for (const [key, role, orgs] of [
    ['admin', 'admin', []],
    ['supervisor', 'supervisor', [home]],
    ['agent', 'agent', [home]],
    ['developer', 'developer', [home]],
    ['outsider', 'supervisor', [other]],
  ] as const) {
    const u = await createStaffUser(t.ctx, { role, organizationIds: [...orgs], name: `Detail ${key}` });
    userIds[key] = u.id;
    cookies[key] = await signIn(t.app, u.email, u.password);
  }
  provider = http.createServer((req, res) => {
    if (req.url === '/missing') return void res.writeHead(404).end();
    const range = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '');
    if (range) {
      const start = Number(range[1]);
      const end = range[2] ? Number(range[2]) : AUDIO.length - 1;
      res.writeHead(206, { 'content-type': 'audio/wav', 'content-range': `bytes ${start}-${end}/${AUDIO.length}`, 'accept-ranges': 'bytes', 'content-length': end - start + 1 });
      return void res.end(AUDIO.subarray(start, end + 1));
    }
    res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': AUDIO.length, 'accept-ranges': 'bytes' });
    res.end(AUDIO);
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => provider?.close(resolve));
  await t?.close();
});

const as = (who: keyof typeof cookies, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { cookie: cookies[who], ...headers }, ...(payload ? { payload } : {}) });

async function bookedCall() {
  const call = await createConversation(t.ctx, {
    organizationId: home,
    fromNumber: '+18605550142',
    summary: 'Asked for a cleaning next Tuesday morning.',
    outcome: 'appointment_requested',
    recordingUrl: `${providerUrl}/RE123`,
    recordingDurationSeconds: 42,
    lines: [
      ['agent', 'Thank you for calling Detail Home Clinic. How can I help?'],
      ['caller', 'I would like to book a cleaning.'],
      ['agent', 'Of course. What is your name and date of birth?'],
    ],
  });
  await addCallEvents(t.ctx, call.id, [
    { kind: 'model_request', payload: { brain: 'builtin', intent: 'book_appointment', slots: { reason: 'cleaning' }, decision: { ask: 'name' } }, latencyMs: 2.5 },
    { kind: 'tool_call', payload: { name: 'hours_open_now', arguments: {} } },
    { kind: 'tool_result', payload: { name: 'hours_open_now', ok: true, result: { open: true } } },
    { kind: 'status', payload: { from: 'in_progress', to: 'completed' } },
  ]);
  const { request } = await t.ctx.db.transaction((tx) =>
    createSubmittedRequest(t.ctx, tx, {
      organizationId: home,
      source: 'phone',
      callId: call.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateOfBirth: '1980-03-03',
      phone: '+18605550142',
      reason: 'Cleaning',
      consentToContact: true,
    }),
  );
  // The request linked (or created) the patient; the pipeline would put it on the call.
  await t.ctx.pool.query('update calls set patient_id = $1 where id = $2', [request.patientId, call.id]);
  return { call, request };
}

describe('GET /api/calls/:id', () => {
  it('shows the header, patient, transcript events, linked request and handoff, and writes an audit record', async () => {
    const { call, request } = await bookedCall();
    const res = await as('agent', 'GET', `/api/calls/${call.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const body = res.json();
    expect(body.call).toMatchObject({
      id: call.id,
      organizationName: 'Detail Home Clinic',
      direction: 'inbound',
      status: 'completed',
      outcome: 'appointment_requested',
      live: false,
      contactNumber: '+18605550142',
      patientName: 'Ada Lovelace',
      summary: 'Asked for a cleaning next Tuesday morning.',
      hasHandoff: true,
      recording: { url: `/api/calls/${call.id}/recording`, durationSeconds: 42 },
    });
    // The provider's address never reaches the browser.
    expect(res.body).not.toContain(providerUrl);
    expect(body.patient).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1980-03-03' });
    expect(body.appointmentRequests).toEqual([expect.objectContaining({ id: request.id, referenceCode: request.referenceCode, status: 'submitted', source: 'phone' })]);
    expect(body.handoffs).toEqual([expect.objectContaining({ type: 'appointment_request', status: 'open' })]);
    expect(body.events.map((e: { kind: string }) => e.kind)).toEqual(['agent_speech', 'caller_speech', 'agent_speech', 'model_request', 'tool_call', 'tool_result', 'status']);
    expect(body.events.map((e: { seq: number }) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const audits = await auditRows(t.db, 'phi.view', call.id);
    expect(audits[0]).toMatchObject({ actorId: userIds.agent, recordType: 'call', organizationId: home, outcome: 'success' });
  });

  it('summarises model requests on the call page (the full context is under chat-context)', async () => {
    const call = await createCall(t.ctx, { organizationId: home });
    await addCallEvents(t.ctx, call.id, [{ kind: 'model_request', payload: { brain: 'llm', model: 'gpt-test', messages: [{ role: 'system', content: 'secret prompt' }], promptTokens: 10 } }]);
    const body = (await as('agent', 'GET', `/api/calls/${call.id}`)).json();
    expect(body.events[0].payload).toEqual({ brain: 'llm', model: 'gpt-test', promptTokens: 10 });
  });

  it('is 404 for an unknown id and for a call of another organization (no audit record), 400 for a malformed id', async () => {
    const call = await createCall(t.ctx, { organizationId: home });
    const foreign = await as('outsider', 'GET', `/api/calls/${call.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(errorCode(foreign)).toBe('not_found');
    expect(await auditRows(t.db, 'phi.view', call.id)).toEqual([]);
    expect((await as('admin', 'GET', `/api/calls/${UNKNOWN}`)).statusCode).toBe(404);
    expect((await as('admin', 'GET', '/api/calls/not-a-uuid')).statusCode).toBe(400);
    expect((await as('admin', 'GET', `/api/calls/${UNKNOWN}/chat-context`)).statusCode).toBe(404);
  });
});

describe('GET /api/calls/:id/chat-context', () => {
  it('gives the context turn by turn: messages, tools, tool calls and results, tokens and latency', async () => {
    const call = await createCall(t.ctx, { organizationId: home, brain: 'llm', status: 'in_progress' });
    const tools = [{ type: 'function', function: { name: 'create_appointment_request', parameters: { type: 'object' } } }];
    await addCallEvents(t.ctx, call.id, [
      { kind: 'status', payload: { from: 'ringing', to: 'in_progress' } },
      { kind: 'agent_speech', payload: { text: 'Hello, how can I help?' } },
      { kind: 'caller_speech', payload: { text: 'Are you open on Saturday?', confidence: 0.93 } },
      {
        kind: 'model_request',
        latencyMs: 812,
        payload: {
          brain: 'llm',
          model: 'gpt-test',
          messages: [
            { role: 'system', content: 'You are the phone agent of Detail Home Clinic.' },
            { role: 'user', content: 'Are you open on Saturday?' },
          ],
          tools,
          response: { tool_calls: [{ function: { name: 'hours_open_now', arguments: '{}' } }] },
          promptTokens: 120,
          completionTokens: 14,
        },
      },
      { kind: 'tool_call', payload: { name: 'hours_open_now', arguments: {} } },
      { kind: 'tool_result', payload: { name: 'hours_open_now', ok: true, result: { open: false } } },
      { kind: 'model_request', latencyMs: 400, payload: { brain: 'llm', model: 'gpt-test', promptTokens: 150, completionTokens: 20, fellBackToBuiltin: false } },
      { kind: 'agent_speech', payload: { text: 'We are closed on Saturdays.' } },
      { kind: 'note', payload: { authorId: 'x', authorName: 'Someone', text: 'not part of the context' } },
      { kind: 'caller_speech', payload: { text: 'I have chest pain' } },
      { kind: 'model_request', latencyMs: 1, payload: { brain: 'builtin', intent: 'emergency', slots: {}, decision: { say: 'emergency_message', handoff: 'urgent' }, fellBackToBuiltin: true } },
    ]);
    const res = await as('developer', 'GET', `/api/calls/${call.id}/chat-context`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.call).toMatchObject({ id: call.id, brain: 'llm', live: true, organizationName: 'Detail Home Clinic' });
    expect(body.systemPrompt).toBe('You are the phone agent of Detail Home Clinic.');
    expect(body.turns).toHaveLength(3);
    expect(body.turns[0]).toMatchObject({ index: 0, callerText: null, agentText: 'Hello, how can I help?', steps: [] });
    expect(body.turns[1]).toMatchObject({ callerText: 'Are you open on Saturday?', callerConfidence: 0.93, agentText: 'We are closed on Saturdays.', promptTokens: 270, completionTokens: 34, latencyMs: 1212 });
    expect(body.turns[1].steps.map((s: { kind: string }) => s.kind)).toEqual(['model_request', 'tool_call', 'tool_result', 'model_request']);
    expect(body.turns[1].steps[0]).toMatchObject({ model: 'gpt-test', tools, messages: expect.any(Array), promptTokens: 120, latencyMs: 812 });
    expect(body.turns[1].steps[2]).toMatchObject({ name: 'hours_open_now', ok: true, result: { open: false } });
    expect(body.turns[2].steps[0]).toMatchObject({ brain: 'builtin', intent: 'emergency', decision: { handoff: 'urgent' }, fellBackToBuiltin: true });
    expect(body.totals).toEqual({ turns: 2, modelRequests: 2, builtinDecisions: 1, toolCalls: 1, promptTokens: 270, completionTokens: 34, latencyMs: 1213 });
    expect(await auditRows(t.db, 'phi.view', call.id)).toEqual([expect.objectContaining({ recordType: 'call_chat_context' })]);
    expect((await as('outsider', 'GET', `/api/calls/${call.id}/chat-context`)).statusCode).toBe(404);
  });

  it('is an empty context for a call without events', async () => {
    const call = await createCall(t.ctx, { organizationId: home });
    const body = (await as('agent', 'GET', `/api/calls/${call.id}/chat-context`)).json();
    expect(body).toMatchObject({ systemPrompt: null, turns: [], totals: { turns: 0, modelRequests: 0 } });
  });
});

describe('staff actions on a call', () => {
  it('adds a note (shown on the call, audited); developers may read but not write', async () => {
    const call = await createConversation(t.ctx, { organizationId: home, lines: [['caller', 'Hello?']] });
    const res = await as('agent', 'POST', `/api/calls/${call.id}/notes`, { text: '  Called back, left a voicemail.  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ seq: 2, authorId: userIds.agent, authorName: 'Detail agent', text: 'Called back, left a voicemail.' });
    const detail = (await as('supervisor', 'GET', `/api/calls/${call.id}`)).json();
    expect(detail.notes).toEqual([expect.objectContaining({ text: 'Called back, left a voicemail.', authorName: 'Detail agent' })]);
    expect((await auditRows(t.db, 'call.note_added', call.id))).toHaveLength(1);

    const dev = await as('developer', 'POST', `/api/calls/${call.id}/notes`, { text: 'Not allowed' });
    expect(dev.statusCode).toBe(403);
    expect(errorCode(dev)).toBe('forbidden');
    expect((await as('developer', 'GET', `/api/calls/${call.id}/chat-context`)).statusCode).toBe(200);
    const empty = await as('agent', 'POST', `/api/calls/${call.id}/notes`, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toHaveProperty('text');
    expect((await as('agent', 'POST', `/api/calls/${call.id}/notes`, { text: 'x'.repeat(4001) })).statusCode).toBe(400);
    expect((await as('outsider', 'POST', `/api/calls/${call.id}/notes`, { text: 'Sneaky' })).statusCode).toBe(404);
  });

  it('numbers notes after the events already there, even when several are added at once', async () => {
    const call = await createConversation(t.ctx, { organizationId: home, lines: [['caller', 'One'], ['agent', 'Two']] });
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => as('agent', 'POST', `/api/calls/${call.id}/notes`, { text: `Note ${i}` })));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(results.map((r) => r.json().seq).sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it('sets the outcome of an ended call; a live call is 409 invalid_transition', async () => {
    const ended = await createCall(t.ctx, { organizationId: home, outcome: 'other' });
    const res = await as('supervisor', 'POST', `/api/calls/${ended.id}/outcome`, { outcome: 'message_taken' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: ended.id, outcome: 'message_taken', previous: 'other', changed: true });
    expect((await as('supervisor', 'GET', `/api/calls/${ended.id}`)).json().call.outcome).toBe('message_taken');
    expect((await auditRows(t.db, 'call.outcome_set', ended.id))[0]!.details).toEqual({ from: 'other', to: 'message_taken' });
    expect((await as('supervisor', 'POST', `/api/calls/${ended.id}/outcome`, { outcome: 'message_taken' })).json().changed).toBe(false);

    const live = await createCall(t.ctx, { organizationId: home, status: 'in_progress' });
    const refused = await as('agent', 'POST', `/api/calls/${live.id}/outcome`, { outcome: 'message_taken' });
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('invalid_transition');
    expect((await as('agent', 'POST', `/api/calls/${ended.id}/outcome`, { outcome: 'great' })).statusCode).toBe(400);
    expect((await as('developer', 'POST', `/api/calls/${ended.id}/outcome`, { outcome: 'other' })).statusCode).toBe(403);
  });

  it('creates a handoff linked to the call with the caller as contact; a second open one of the type is 409', async () => {
    const { call } = await bookedCall();
    const res = await as('agent', 'POST', `/api/calls/${call.id}/handoffs`, { type: 'callback', priority: 'high', reason: 'Wants to talk to the dentist about the bill.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type: 'callback', priority: 'high', status: 'open' });
    const { rows } = await t.ctx.pool.query('select source, call_id, contact_phone, contact_name, patient_id from handoffs where id = $1', [res.json().id]);
    expect(rows[0]).toMatchObject({ source: 'staff', call_id: call.id, contact_phone: '+18605550142', contact_name: 'Ada Lovelace' });
    const again = await as('agent', 'POST', `/api/calls/${call.id}/handoffs`, { type: 'callback', reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toHaveProperty('type');
    const detail = (await as('agent', 'GET', `/api/calls/${call.id}`)).json();
    expect(detail.handoffs.map((h: { type: string }) => h.type).sort()).toEqual(['appointment_request', 'callback']);
    expect((await as('agent', 'POST', `/api/calls/${call.id}/handoffs`, { type: 'callback', reason: '' })).statusCode).toBe(400);
    expect((await as('outsider', 'POST', `/api/calls/${call.id}/handoffs`, { type: 'message', reason: 'x' })).statusCode).toBe(404);
  });
});

describe('GET /api/calls/:id/recording', () => {
  it('streams the recording through the server, with byte ranges for seeking, and audits the listening once', async () => {
    const { call } = await bookedCall();
    const full = await as('agent', 'GET', `/api/calls/${call.id}/recording`);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('audio/wav');
    expect(full.rawPayload.equals(AUDIO)).toBe(true);
    const part = await as('agent', 'GET', `/api/calls/${call.id}/recording`, undefined, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${AUDIO.length}`);
    expect(part.rawPayload.equals(AUDIO.subarray(100, 200))).toBe(true);
    expect(await auditRows(t.db, 'phi.view', call.id)).toEqual([expect.objectContaining({ recordType: 'call_recording' })]);
    expect((await as('outsider', 'GET', `/api/calls/${call.id}/recording`)).statusCode).toBe(404);
  });

  it('is 404 when the call has no recording (simulator calls)', async () => {
    const call = await createCall(t.ctx, { organizationId: home });
    const res = await as('agent', 'GET', `/api/calls/${call.id}/recording`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toMatch(/recording/);
  });

  it('is 502 with a clear message when the provider cannot be reached or has lost it', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await createCall(t.ctx, { organizationId: home, recordingUrl: `http://127.0.0.1:${port}/RE1` });
    const res = await as('agent', 'GET', `/api/calls/${unreachable.id}/recording`);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({ code: 'recording_unavailable', message: expect.stringContaining('could not be reached') });

    const lost = await createCall(t.ctx, { organizationId: home, recordingUrl: `${providerUrl}/missing` });
    const gone = await as('agent', 'GET', `/api/calls/${lost.id}/recording`);
    expect(gone.statusCode).toBe(502);
    expect(gone.json().error.message).toContain('no longer has this recording');

    const weird = await createCall(t.ctx, { organizationId: home, recordingUrl: 'file:///etc/passwd' });
    expect((await as('agent', 'GET', `/api/calls/${weird.id}/recording`)).statusCode).toBe(502);
  });
});
