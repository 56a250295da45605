/**
 * The agent's context of a call, turn by turn, as a view of its events. Pure: the server
 * answers it at GET /api/calls/:id/chat-context, and the playground builds it from the events
 * each simulated turn returns.
 */
export type ChatStep =
  | {
      kind: 'model_request';
      seq: number;
      at: string;
      latencyMs: number | null;
      brain: string | null;
      model: string | null;
      messages: unknown;
      tools: unknown;
      response: unknown;
      intent: string | null;
      slots: unknown;
      decision: unknown;
      promptTokens: number | null;
      completionTokens: number | null;
      fellBackToBuiltin: boolean;
    }
  | { kind: 'tool_call'; seq: number; at: string; name: string; arguments: unknown }
  | { kind: 'tool_result'; seq: number; at: string; latencyMs: number | null; name: string; ok: boolean | null; result: unknown }
  | { kind: 'transfer'; seq: number; at: string; target: unknown; result: unknown }
  | { kind: 'error'; seq: number; at: string; payload: unknown };

export interface ChatTurn {
  index: number;
  at: string;
  /** What the caller said (null for the greeting before anyone spoke). */
  callerText: string | null;
  callerConfidence: number | null;
  steps: ChatStep[];
  agentText: string | null;
  latencyMs: number | null;
  promptTokens: number;
  completionTokens: number;
}

export interface ChatContextTotals {
  turns: number;
  /** Requests to a language model (the LLM brain); the built-in brain makes none. */
  modelRequests: number;
  /** Turns the built-in brain decided (its intent, slots and decision are in the steps). */
  builtinDecisions: number;
  toolCalls: number;
  promptTokens: number;
  completionTokens: number;
  latencyMs: number;
}

type Step = ChatStep;
type Turn = ChatTurn;

export interface ContextEvent {
  seq: number;
  kind: string;
  payload: Record<string, unknown>;
  latencyMs: number | null;
  at: Date | string;
}

const isoOf = (at: Date | string) => (typeof at === 'string' ? at : at.toISOString());

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const json = (v: unknown): unknown => (v === undefined ? null : v);

/**
 * The agent's context turn by turn, from the call's ordered events: a turn starts where the
 * caller speaks (the greeting before that is turn 0) and holds every model request (the LLM's
 * exact messages, tools and response; the built-in brain's intent, slots and decision), tool
 * call and result, transfer and error up to the next time the caller speaks. Speech, status,
 * note and recording events only frame the turns.
 */
export function buildChatContext(events: readonly ContextEvent[]): { systemPrompt: string | null; turns: ChatTurn[]; totals: ChatContextTotals } {
  const turns: Turn[] = [];
  let current: Turn | null = null;
  const agentLines: string[][] = [];

  const open = (at: Date | string, callerText: string | null, confidence: number | null) => {
    current = { index: turns.length, at: isoOf(at), callerText, callerConfidence: confidence, steps: [], agentText: null, latencyMs: null, promptTokens: 0, completionTokens: 0 };
    turns.push(current);
    agentLines.push([]);
    return current;
  };
  const ensure = (at: Date | string): Turn => current ?? open(at, null, null);

  for (const e of events) {
    const p = e.payload ?? {};
    const at = isoOf(e.at);
    switch (e.kind) {
      case 'caller_speech':
        open(e.at, str(p.text) ?? '', num(p.confidence));
        break;
      case 'agent_speech': {
        ensure(e.at);
        const text = str(p.text);
        if (text) agentLines[agentLines.length - 1]!.push(text);
        break;
      }
      case 'model_request': {
        const turn = ensure(e.at);
        const step: Step = {
          kind: 'model_request',
          seq: e.seq,
          at,
          latencyMs: e.latencyMs,
          brain: str(p.brain),
          model: str(p.model),
          messages: json(p.messages),
          tools: json(p.tools),
          response: json(p.response),
          intent: str(p.intent),
          slots: json(p.slots),
          decision: json(p.decision),
          promptTokens: num(p.promptTokens),
          completionTokens: num(p.completionTokens),
          fellBackToBuiltin: p.fellBackToBuiltin === true,
        };
        turn.steps.push(step);
        turn.promptTokens += step.promptTokens ?? 0;
        turn.completionTokens += step.completionTokens ?? 0;
        if (e.latencyMs !== null) turn.latencyMs = (turn.latencyMs ?? 0) + e.latencyMs;
        break;
      }
      case 'tool_call':
        ensure(e.at).steps.push({ kind: 'tool_call', seq: e.seq, at, name: str(p.name) ?? 'unknown', arguments: json(p.arguments) });
        break;
      case 'tool_result':
        ensure(e.at).steps.push({
          kind: 'tool_result',
          seq: e.seq,
          at,
          latencyMs: e.latencyMs,
          name: str(p.name) ?? 'unknown',
          ok: typeof p.ok === 'boolean' ? p.ok : null,
          result: json(p.result),
        });
        break;
      case 'transfer':
        ensure(e.at).steps.push({ kind: 'transfer', seq: e.seq, at, target: json(p.target), result: json(p.result) });
        break;
      case 'error':
        ensure(e.at).steps.push({ kind: 'error', seq: e.seq, at, payload: p });
        break;
      default:
        break;
    }
  }

  turns.forEach((t, i) => {
    const lines = agentLines[i]!;
    t.agentText = lines.length ? lines.join(' ') : null;
  });

  let systemPrompt: string | null = null;
  let modelRequests = 0;
  let builtinDecisions = 0;
  let toolCalls = 0;
  let latencyMs = 0;
  for (const t of turns) {
    for (const s of t.steps) {
      if (s.kind === 'tool_call') toolCalls++;
      if (s.kind !== 'model_request') continue;
      if (s.brain === 'llm') modelRequests++;
      else builtinDecisions++;
      latencyMs += s.latencyMs ?? 0;
      if (systemPrompt === null && Array.isArray(s.messages)) {
        const system = (s.messages as { role?: unknown; content?: unknown }[]).find((m) => m && m.role === 'system');
        if (system && typeof system.content === 'string') systemPrompt = system.content;
      }
    }
  }
  return {
    systemPrompt,
    turns,
    totals: {
      turns: turns.filter((t) => t.callerText !== null).length,
      modelRequests,
      builtinDecisions,
      toolCalls,
      promptTokens: turns.reduce((a, t) => a + t.promptTokens, 0),
      completionTokens: turns.reduce((a, t) => a + t.completionTokens, 0),
      latencyMs: Math.round(latencyMs * 10) / 10,
    },
  };
}
