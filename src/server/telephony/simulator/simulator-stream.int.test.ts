import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedTurnStreamLine } from '../../../contracts/simulator.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../agent/brains/llm/fake-openai-server.js';
import { createStaffUser, createTestApp, signIn, type TestAppHandle } from '../../test-support/index.js';
import { createPractice, recordsOf, type Practice } from '../testing/call-fixtures.js';

/**
 * The playground's real-time replies (issue 20): a turn answered as newline-delimited JSON, each
 * sentence as soon as the server has it — an LLM's streamed answer sentence by sentence while
 * the model is still writing — then the whole turn.
 */
let t: TestAppHandle;
let llm: FakeOpenAi;
let base: string;
let llmPractice: Practice;
let builtinPractice: Practice;
let developer: string;
let outsider: string;

beforeAll(async () => {
  llm = await startFakeOpenAi();
  t = await createTestApp({ LLM_BASE_URL: llm.baseURL, LLM_API_KEY: 'sk-test', LLM_MODEL: 'default-model', LLM_TIMEOUT_MS: '4000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  llmPractice = await createPractice(t.ctx, { open: true, agentSettings: { brain: 'llm', model: 'fake-gpt' } });
  builtinPractice = await createPractice(t.ctx, { open: true });
  const other = await createPractice(t.ctx);
  const dev = await createStaffUser(t.ctx, { role: 'developer', organizationIds: [llmPractice.id, builtinPractice.id] });
  developer = await signIn(t.app, dev.email, dev.password);
  const out = await createStaffUser(t.ctx, { role: 'supervisor', organizationIds: [other.id] });
  outsider = await signIn(t.app, out.email, out.password);
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

const headers = (cookie: string) => ({ cookie, origin: t.ctx.baseUrl, 'content-type': 'application/json' });

async function startCall(organizationId: string): Promise<string> {
  const res = await fetch(`${base}/api/simulator/calls`, { method: 'POST', headers: headers(developer), body: JSON.stringify({ organizationId }) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { callId: string }).callId;
}

/** The lines of a streamed turn, each with when it arrived. */
async function streamTurn(callId: string, text: string, cookie = developer) {
  const res = await fetch(`${base}/api/simulator/calls/${callId}/turns/stream`, { method: 'POST', headers: headers(cookie), body: JSON.stringify({ text }) });
  const lines: { line: SimulatedTurnStreamLine; at: number }[] = [];
  if (!res.headers.get('content-type')?.includes('ndjson')) return { status: res.status, json: (await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }, lines };
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      lines.push({ line: JSON.parse(buffer.slice(0, nl)) as SimulatedTurnStreamLine, at: performance.now() });
      buffer = buffer.slice(nl + 1);
    }
  }
  return { status: res.status, json: null, lines };
}

describe('a streamed simulator turn', () => {
  it('gives the LLM’s sentences while the model is still writing, then the turn, and stores what /turns would', async () => {
    const callId = await startCall(llmPractice.id);
    llm.script({ content: 'We are open from eight to six on weekdays. On Saturdays we open at nine. Is there anything else?', chunkDelayMs: 40 });
    const { status, lines } = await streamTurn(callId, 'When are you open?');
    expect(status).toBe(200);
    const sentences = lines.filter((l) => l.line.type === 'sentence').map((l) => (l.line as { text: string }).text);
    expect(sentences).toEqual(['We are open from eight to six on weekdays.', 'On Saturdays we open at nine.', 'Is there anything else?']);
    // The first sentence was in the browser's hands before the model wrote its last word.
    expect(lines[0]!.at).toBeLessThan(llm.sent.at(-1)!.at);
    const last = lines.at(-1)!.line;
    expect(last.type).toBe('turn');
    const turn = (last as Extract<SimulatedTurnStreamLine, { type: 'turn' }>).turn;
    expect(turn.agentText).toBe(sentences.join(' '));
    expect(turn.events.map((e) => e.kind)).toEqual(['caller_speech', 'model_request', 'agent_speech']);
    const records = await recordsOf(t.db, (await t.db.query.calls.findFirst({ where: (c, { eq }) => eq(c.id, callId) }))!.providerCallId!, 'simulator');
    expect(records.events.filter((e) => e.kind === 'agent_speech').at(-1)!.payload.text).toBe(turn.agentText);
  });

  it('gives the built-in brain’s reply in sentences too', async () => {
    const callId = await startCall(builtinPractice.id);
    const { lines } = await streamTurn(callId, "I'd like to book an appointment");
    const types = lines.map((l) => l.line.type);
    expect(types.at(-1)).toBe('turn');
    const sentences = lines.filter((l) => l.line.type === 'sentence').map((l) => (l.line as { text: string }).text);
    expect(sentences.length).toBeGreaterThan(1);
    expect(sentences.join(' ')).toBe((lines.at(-1)!.line as Extract<SimulatedTurnStreamLine, { type: 'turn' }>).turn.agentText);
  });

  it('refuses before streaming: another organization’s call, an unknown call, a text too long', async () => {
    const callId = await startCall(builtinPractice.id);
    const foreign = await streamTurn(callId, 'hello', outsider);
    expect(foreign.status).toBe(404);
    expect(foreign.json!.error.code).toBe('not_found');
    expect((await streamTurn('00000000-0000-4000-8000-000000000000', 'hello')).status).toBe(404);
    const long = await streamTurn(callId, 'x'.repeat(5000));
    expect(long.status).toBe(400);
    expect(Object.keys(long.json!.error.fields ?? {})).toContain('text');
    // Nothing was said on the call by the refused turns.
    const id = (await t.db.query.calls.findFirst({ where: (c, { eq }) => eq(c.id, callId) }))!.providerCallId!;
    expect((await recordsOf(t.db, id, 'simulator')).events.filter((e) => e.kind === 'caller_speech')).toEqual([]);
  });
});
