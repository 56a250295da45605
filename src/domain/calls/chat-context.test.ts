import { describe, expect, it } from 'vitest';
import { buildChatContext, type ContextEvent } from './chat-context.js';

let seq = 0;
const at = (s: number) => new Date(Date.UTC(2026, 1, 10, 15, 0, s));
const e = (kind: string, payload: Record<string, unknown>, s: number, latencyMs: number | null = null): ContextEvent => ({ seq: ++seq, kind, payload, latencyMs, at: at(s) });

describe('buildChatContext', () => {
  it('starts a turn where the caller speaks; what comes before is the greeting', () => {
    const ctx = buildChatContext([
      e('status', { from: 'ringing', to: 'in_progress' }, 0),
      e('model_request', { brain: 'builtin', decision: 'greet' }, 0, 0),
      e('agent_speech', { text: 'Hello.' }, 0),
      e('agent_speech', { text: 'How can I help?' }, 1),
      e('caller_speech', { text: 'Book me in', confidence: 0.8 }, 3),
      e('model_request', { brain: 'builtin', intent: 'appointment', slots: {}, decision: 'ask:name' }, 3, 2.5),
      e('agent_speech', { text: 'Your name?' }, 4),
      e('recording', { url: 'x' }, 5),
    ]);
    expect(ctx.turns.map((t) => [t.callerText, t.agentText])).toEqual([
      [null, 'Hello. How can I help?'],
      ['Book me in', 'Your name?'],
    ]);
    expect(ctx.turns[1]).toMatchObject({ index: 1, callerConfidence: 0.8, latencyMs: 2.5, steps: [{ kind: 'model_request', intent: 'appointment', decision: 'ask:name' }] });
    // The built-in brain asks no model: its turns are decisions, not model requests.
    expect(ctx.totals).toMatchObject({ turns: 1, modelRequests: 0, builtinDecisions: 2, toolCalls: 0, promptTokens: 0 });
    expect(ctx.systemPrompt).toBeNull();
  });

  it('keeps the LLM exchange exact: messages, tools, response, tokens; the system prompt comes from the first request', () => {
    const messages = [
      { role: 'system', content: 'You are the agent.' },
      { role: 'user', content: 'Open Saturday?' },
    ];
    const ctx = buildChatContext([
      e('caller_speech', { text: 'Open Saturday?' }, 0),
      e('model_request', { brain: 'llm', model: 'm', messages, tools: [{ type: 'function' }], response: { x: 1 }, promptTokens: 10, completionTokens: 3 }, 1, 100),
      e('tool_call', { name: 'hours', arguments: { day: 'sat' } }, 1),
      e('tool_result', { name: 'hours', ok: false, result: { error: 'x' } }, 1, 4),
      e('model_request', { brain: 'llm', model: 'm', promptTokens: 20, completionTokens: 5, fellBackToBuiltin: true }, 2, 50),
      e('transfer', { target: '+18605550100', result: 'no-answer' }, 3),
      e('error', { message: 'boom' }, 3),
    ]);
    const [turn] = ctx.turns;
    expect(turn!.steps.map((s) => s.kind)).toEqual(['model_request', 'tool_call', 'tool_result', 'model_request', 'transfer', 'error']);
    expect(turn!.steps[0]).toMatchObject({ messages, tools: [{ type: 'function' }], response: { x: 1 }, model: 'm' });
    expect(turn!.steps[2]).toMatchObject({ ok: false, latencyMs: 4 });
    expect(turn!.steps[3]).toMatchObject({ fellBackToBuiltin: true });
    expect(turn).toMatchObject({ promptTokens: 30, completionTokens: 8, latencyMs: 150 });
    expect(ctx.systemPrompt).toBe('You are the agent.');
    expect(ctx.totals).toEqual({ turns: 1, modelRequests: 2, builtinDecisions: 0, toolCalls: 1, promptTokens: 30, completionTokens: 8, latencyMs: 150 });
  });

  it('copes with odd payloads (no text, strings for numbers) without throwing', () => {
    const ctx = buildChatContext([e('caller_speech', {}, 0), e('model_request', { promptTokens: '12', slots: null }, 0, null), e('tool_call', {}, 0)]);
    expect(ctx.turns[0]).toMatchObject({ callerText: '', promptTokens: 0, latencyMs: null });
    expect(ctx.turns[0]!.steps[1]).toMatchObject({ kind: 'tool_call', name: 'unknown', arguments: null });
  });
});
