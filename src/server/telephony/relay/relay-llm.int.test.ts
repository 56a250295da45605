import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../agent/brains/llm/fake-openai-server.js';
import { createTestApp, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, recordsOf } from '../testing/call-fixtures.js';
import { FakeRelayCall } from '../testing/fake-relay.js';
import { FakeTwilioCall, TWILIO_TEST_TOKEN } from '../testing/fake-twilio.js';
import { CALLER } from '../testing/scenario-types.js';

/** Barge-in with the LLM brain (issue 20): the model's next turn sees where it was cut off. */
let t: TestAppHandle;
let llm: FakeOpenAi;
let port: number;
const BUDGET_MS = 2000;
beforeAll(async () => {
  llm = await startFakeOpenAi();
  t = await createTestApp({ TWILIO_AUTH_TOKEN: TWILIO_TEST_TOKEN, LLM_BASE_URL: llm.baseURL, LLM_API_KEY: 'sk-test', LLM_MODEL: 'default-model', LLM_TIMEOUT_MS: String(BUDGET_MS) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

it('an interrupted answer is cut in the records and in the history the model is sent next', async () => {
  const practice = await createPractice(t.ctx, { open: true, agentSettings: { brain: 'llm', model: 'fake-gpt', voiceMode: 'relay' } });
  const call = new FakeRelayCall(t.app, port, CALLER, practice.number);
  await call.answer();
  llm.script({ content: 'We are open from eight to six on weekdays. On Saturdays we open at nine. Anything else?' }, { content: 'Of course. What is the patient’s name?' });
  const first = await call.say('When are you open?');
  expect(call.received.filter((m) => m.type === 'text').map((m) => m.token)).toEqual(['We are open from eight to six on weekdays. ', 'On Saturdays we open at nine. ', 'Anything else? ', '']);
  expect(first.text).toBe('We are open from eight to six on weekdays. On Saturdays we open at nine. Anything else?');
  call.interrupt('We are open from eight to six on weekdays', 2100);
  await call.say('I need to book a visit');
  const sent = llm.requests.at(-1)!.messages;
  expect(sent.at(-2)).toEqual({ role: 'assistant', content: 'We are open from eight to six on weekdays… [the caller interrupted you here and did not hear the rest]' });
  expect(sent.at(-1)).toEqual({ role: 'user', content: 'I need to book a visit' });
  const records = await recordsOf(t.db, call.callSid);
  const speech = records.events.filter((e) => e.kind === 'agent_speech');
  expect(speech[1]!.payload).toMatchObject({ text: 'We are open from eight to six on weekdays', interrupted: true, said: first.text });
  call.socket!.close();
});

// Timing-sensitive (the write must land while the answer streams): retried on a loaded machine.
it('a streamed answer run again after a concurrent write says nothing new, and the records keep what the caller heard', { retry: 2 }, async () => {
  const practice = await createPractice(t.ctx, { open: true, agentSettings: { brain: 'llm', model: 'fake-gpt', voiceMode: 'relay' } });
  const call = new FakeRelayCall(t.app, port, CALLER, practice.number);
  await call.answer();
  const heard = 'We open at eight on weekdays. Saturdays at nine.';
  llm.script({ content: `${heard} Anything else?`, chunkDelayMs: 150 }, { content: 'Our hours are eight to six. Can I help with anything else?' });
  const answered = call.say('When are you open?');
  // While the first answer streams, another write takes the call's next sequence number (a staff note, a status callback).
  const deadline = Date.now() + 5000;
  while (!call.received.some((m) => m.type === 'text' && m.token) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  await t.ctx.pool.query(
    `insert into call_events (call_id, seq, kind, payload) select c.id, (select max(seq) + 1 from call_events where call_id = c.id), 'note', '{"text":"concurrent"}' from calls c where c.provider_call_id = $1`,
    [call.callSid],
  );
  await answered;
  const tokens = call.received.filter((m) => m.type === 'text').map((m) => String(m.token)).join('');
  expect(tokens).not.toContain('eight to six');
  const records = await recordsOf(t.db, call.callSid);
  const lastSpeech = records.events.filter((e) => e.kind === 'agent_speech').at(-1)!;
  expect(tokens.trim().startsWith(String(lastSpeech.payload.text))).toBe(true);
  expect(lastSpeech.payload).toMatchObject({ rerun: true, said: 'Our hours are eight to six. Can I help with anything else?' });
  expect(records.events.find((e) => e.kind === 'interruption')?.payload).toMatchObject({ why: 'rerun' });
  call.socket!.close();
});

/** One conversation with the model's answers streamed, tool calls among them. */
const SCRIPT = {
  message: [
    // Two sentences, then the tool call whose arguments arrive in pieces; paced so the first sentence is heard while the model still streams.
    { content: 'Sure, I can take a message for the doctor. I will pass it on right away.', toolCalls: [{ name: 'take_message', arguments: { message: 'Please call me back about my lab results', name: 'Ada Okafor' } }], chunkDelayMs: 25 },
    { content: 'Your message is with the team. Is there anything else?' },
  ],
  // A round of tool calls only (no words), then the answer.
  status: [{ toolCalls: [{ name: 'lookup_request_status', arguments: { referenceCode: 'K7M-4QXR', dateOfBirth: '1980-03-03' } }] }, { content: 'I could not find that request. Anything else?' }],
  bye: [{ content: 'Thank you for calling. Goodbye!', toolCalls: [{ name: 'end_call', arguments: {} }] }],
};

/** The records of one call, with what differs between two practices (names, ids, times) taken out. */
async function comparable(callSid: string, practiceName: string) {
  const r = await recordsOf(t.db, callSid);
  const clean = (s: string) => s.replaceAll(practiceName, '<practice>');
  return {
    transcript: clean(r.call!.transcriptText ?? ''),
    outcome: r.call!.outcome,
    status: r.call!.status,
    summary: clean(r.call!.summary ?? ''),
    handoffs: r.handoffs.map((h) => ({ type: h.type, priority: h.priority, status: h.status, reason: h.reason })),
    turnLog: r.events.map((e) => {
      const p = e.payload as Record<string, unknown>;
      if (e.kind === 'model_request') {
        const response = p.response as { content: string | null; tool_calls: { function: { name: string; arguments: string } }[] } | undefined;
        // Tool call ids are the model's own, different on every request.
        const said = response ? { content: response.content, calls: response.tool_calls.map((c) => [c.function.name, JSON.parse(c.function.arguments)]) } : null;
        return { kind: e.kind, brain: p.brain, decision: p.decision ?? null, said, error: p.error ?? null, fellBack: p.fellBackToBuiltin ?? false, tokens: p.completionTokens ?? null };
      }
      if (e.kind === 'tool_call') return { kind: e.kind, tool: p.name, input: p.arguments };
      if (e.kind === 'tool_result') return { kind: e.kind, tool: p.name, ok: p.ok };
      if (e.kind === 'caller_speech' || e.kind === 'agent_speech') return { kind: e.kind, text: clean(String(p.text)) };
      return { kind: e.kind };
    }),
  };
}

it('streams the model’s sentences as they arrive, runs its streamed tool calls mid-reply, and leaves the records of the Gather path', async () => {
  const results = [];
  for (const mode of ['gather', 'relay'] as const) {
    const practice = await createPractice(t.ctx, { open: true, agentSettings: { brain: 'llm', model: 'fake-gpt', voiceMode: mode } });
    const call = mode === 'gather' ? new FakeTwilioCall(t.app, CALLER, practice.number) : new FakeRelayCall(t.app, port, CALLER, practice.number);
    await call.answer();
    llm.script(...SCRIPT.message);
    const asked = llm.requests.length;
    if (call instanceof FakeRelayCall) {
      call.sendJson({ type: 'prompt', voicePrompt: 'Can I leave a message for the doctor?', lang: 'en-US', last: true });
      const first = await call.next();
      // Heard while the model was still streaming its first answer: the tool has not run, nor the model been asked again.
      expect(first).toEqual({ type: 'text', token: 'Sure, I can take a message for the doctor. ', last: false });
      expect(llm.requests.length).toBe(asked + 1);
      const rest = [await call.next(), await call.next(), await call.next(), await call.next()];
      expect(rest).toEqual([
        { type: 'text', token: 'I will pass it on right away. ', last: false },
        { type: 'text', token: 'Your message is with the team. ', last: false },
        { type: 'text', token: 'Is there anything else? ', last: false },
        { type: 'text', token: '', last: true },
      ]);
      expect(llm.requests.at(-1)!.stream).toBe(true);
    } else {
      const twiml = await call.say('Can I leave a message for the doctor?');
      expect(twiml.text).toBe('Sure, I can take a message for the doctor. I will pass it on right away. Your message is with the team. Is there anything else?');
      expect(llm.requests.at(-1)!.stream).toBeFalsy();
    }
    // The tool's arguments, streamed in pieces, reached the tool whole.
    const toolReply = llm.requests.at(-1)!.messages.at(-1)!;
    expect(toolReply.role).toBe('tool');
    expect(JSON.parse(toolReply.content!)).toMatchObject({ ok: true });
    llm.script(...SCRIPT.status);
    expect((await call.say('What about my request K7M-4QXR, born March 3rd 1980?')).text).toBe('I could not find that request. Anything else?');
    llm.script(...SCRIPT.bye);
    const bye = await call.say("No, that's all");
    expect(bye.hangup).toBe(true);
    expect(bye.text).toBe('Thank you for calling. Goodbye!');
    const r = await until(() => recordsOf(t.db, call.callSid), (x) => x.call!.status === 'completed');
    expect(r.handoffs.map((h) => h.type)).toEqual(['message']);
    results.push(await comparable(call.callSid, practice.name));
  }
  const [gather, relay] = results;
  expect(gather!.outcome).toBe('message_taken');
  expect(gather!.turnLog.filter((e) => e.kind === 'tool_call').map((e) => e.tool)).toEqual(['take_message', 'lookup_request_status', 'end_call']);
  expect(relay).toEqual(gather);
});

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const v = await read();
    if (ok(v) || i > 100) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a model that breaks off mid-stream', () => {
  for (const how of ['stall', 'error'] as const) {
    it(`(${how}) leaves no half sentence: what was heard stays, the built-in brain answers within the budget`, async () => {
      const practice = await createPractice(t.ctx, { open: true, agentSettings: { brain: 'llm', model: 'fake-gpt', voiceMode: 'relay' } });
      const call = new FakeRelayCall(t.app, port, CALLER, practice.number);
      await call.answer();
      // Four words come: the first sentence whole, then "We can" of the second, then nothing.
      llm.script({ content: 'Happy to help. We can book that for you today.', breakAfter: { chunks: 5, how } });
      const started = performance.now();
      const reply = await call.say("I'd like to book an appointment");
      expect(performance.now() - started).toBeLessThan(BUDGET_MS + 1500);
      const tokens = call.received.filter((m) => m.type === 'text').map((m) => m.token);
      expect(tokens[0]).toBe('Happy to help. ');
      expect(tokens.join('')).not.toMatch(/We can/);
      expect(reply.text).toMatch(/^Happy to help\. I can help you request an appointment\. May I have the patient's first and last name\?$/);
      const r = await recordsOf(t.db, call.callSid);
      const requests = r.events.filter((e) => e.kind === 'model_request' && e.seq > 3);
      expect(requests.map((e) => e.payload.brain)).toEqual(['llm', 'builtin']);
      expect(requests[0]!.payload).toMatchObject({ fellBackToBuiltin: true });
      expect(r.events.filter((e) => e.kind === 'agent_speech').at(-1)!.payload.text).toBe(reply.text);
      call.socket!.close();
    });
  }
});
