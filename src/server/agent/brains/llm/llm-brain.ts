import type OpenAI from 'openai';
import type { NextStep, TurnEnv } from '../../agent-types.js';
import { say } from '../../messages/index.js';
import type { Understanding } from '../../nlu/understand.js';
import { toolFunctionDefinitions, type Toolbox } from '../../tools/index.js';
import type { ToolName } from '../../tools/tool-types.js';
import type { Brain, BrainReply } from '../brain.js';
import { builtinBrain } from '../builtin/builtin-brain.js';
import { trimHistory, type StoredMessage } from './llm-state.js';
import { systemPrompt } from './system-prompt.js';
import { SentenceStream, sentencesOf } from '../../sentences.js';

export interface LlmConfig {
  baseURL: string;
  apiKey: string;
  /** Model when the organization names none. */
  model: string;
  /** Budget of the whole turn (all model requests); past it the built-in brain answers. */
  timeoutMs: number;
}

/** Model ↔ tool rounds in one turn at most. */
const MAX_ROUNDS = 4;
const clients = new Map<string, OpenAI>();

/** The `openai` package is loaded on the first LLM turn (organizations on the built-in brain never pay for it). */
async function clientFor(c: LlmConfig): Promise<OpenAI> {
  const key = `${c.baseURL}\u0000${c.apiKey}`;
  let client = clients.get(key);
  if (!client) {
    const { default: OpenAIClient } = await import('openai');
    client = new OpenAIClient({ baseURL: c.baseURL, apiKey: c.apiKey || 'not-set', maxRetries: 0, timeout: c.timeoutMs });
    clients.set(key, client);
  }
  return client;
}

/**
 * The LLM agent: OpenAI-compatible chat completions with the shared tools as functions. A
 * model that errors, answers nothing, or takes longer than the budget hands the turn to the
 * built-in brain — never dead air (recorded as `fellBackToBuiltin` in the model request).
 *
 * On a real-time line (`env.speak`) the completion is streamed (`stream: true`): each sentence
 * goes to the caller as soon as its last token is in, what the model says before a tool call
 * goes out before the tool runs, and the tool calls are assembled from their streamed pieces by
 * the `openai` package's stream helper. The reply's text is the same either way: every sentence
 * the model said this turn, in order.
 */
export function createLlmBrain(config: LlmConfig): Brain {
  return {
    kind: 'llm',
    async respond(env, tools, text, understood) {
      const model = env.org.settings.model || config.model;
      const system = await systemPrompt(env);
      const deadline = performance.now() + config.timeoutMs;
      const toolDefs = toolFunctionDefinitions();
      const working: StoredMessage[] = [...env.state.llm.messages, { role: 'user', content: text }];
      const spoken: string[] = [];
      /** The model's sentences this turn, all rounds (on a real-time line, already heard). */
      const said: string[] = [];
      let next: NextStep = { type: 'gather' };
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const messages = [{ role: 'system' as const, content: system }, ...working];
        const started = performance.now();
        const remaining = Math.floor(deadline - started);
        const live = env.speak ? new SentenceStream((s) => (said.push(s), env.speak!(s))) : null;
        let message: OpenAI.Chat.Completions.ChatCompletionMessage;
        try {
          if (remaining < 50) throw new Error(`the ${config.timeoutMs} ms budget was used up`);
          const body = { model, messages: messages as OpenAI.Chat.Completions.ChatCompletionMessageParam[], tools: toolDefs, tool_choice: 'auto' as const, temperature: 0.2 };
          const options = { timeout: remaining, signal: AbortSignal.timeout(remaining), maxRetries: 0 };
          const client = await clientFor(config);
          const completion = live ? await streamed(client, body, options, live) : await client.chat.completions.create(body, options);
          const choice = completion.choices?.[0]?.message;
          if (!choice) throw new Error('the model answered no choice');
          // A streamed answer of tool calls only assembles to content '' where a whole one says null: recorded alike.
          message = choice.content ? choice : { ...choice, content: null };
          env.log.add(
            'model_request',
            {
              brain: 'llm',
              model,
              messages,
              ...(round === 0 ? { tools: toolDefs } : {}),
              response: { content: message.content ?? null, tool_calls: message.tool_calls ?? [] },
              promptTokens: completion.usage?.prompt_tokens ?? null,
              completionTokens: completion.usage?.completion_tokens ?? null,
            },
            ms(started),
          );
        } catch (err) {
          // Sentences already heard stay said; the unfinished one is dropped, and the fallback follows them.
          live?.abandon();
          env.log.add('model_request', { brain: 'llm', model, messages, ...(round === 0 ? { tools: toolDefs } : {}), error: errorText(err), fellBackToBuiltin: true }, ms(started));
          return fallBack(env, tools, text, understood, working, spoken, next, said);
        }
        // The words before a tool call are heard before the tool runs.
        if (live) live.finish();
        else said.push(...sentencesOf(message.content ?? ''));
        const calls = (message.tool_calls ?? []).filter((c) => c.type === 'function');
        working.push({ role: 'assistant', content: message.content ?? null, ...(calls.length ? { tool_calls: calls.map((c) => ({ id: c.id, type: 'function' as const, function: c.function })) } : {}) });
        if (calls.length === 0) {
          if (!message.content?.trim()) return fallBack(env, tools, text, understood, working.slice(0, -1), spoken, next, said);
          return finish(env, working, { text: said.join(' '), next });
        }
        for (const call of calls) {
          const r = await tools.run(call.function.name as ToolName, parseArguments(call.function.arguments));
          working.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify({ ok: r.ok, ...r.result }) });
          if (r.speech) spoken.push(r.speech);
          if (r.next) next = r.next;
        }
        if (next.type !== 'gather') return finish(env, working, { text: said.length ? said.join(' ') : spoken[spoken.length - 1] || '', next });
      }
      return fallBack(env, tools, text, understood, working, spoken, next, said);
    },
  };
}

/** One streamed completion: content to the caller sentence by sentence, the whole completion assembled by the SDK. */
async function streamed(
  client: OpenAI,
  body: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming,
  options: { timeout: number; signal: AbortSignal; maxRetries: number },
  live: SentenceStream,
): Promise<OpenAI.Chat.Completions.ChatCompletion> {
  const stream = client.chat.completions.stream({ ...body, stream: true, stream_options: { include_usage: true } }, options);
  stream.on('content', (delta) => live.push(delta));
  return stream.finalChatCompletion();
}

function finish(env: TurnEnv, working: StoredMessage[], reply: BrainReply): BrainReply {
  env.state.llm.messages = trimHistory(working);
  return reply;
}

/**
 * Tools that already ran this turn speak for themselves; otherwise the built-in brain answers.
 * Either way the conversation the model sees next time includes what was said.
 */
async function fallBack(env: TurnEnv, tools: Toolbox, text: string, understood: Understanding | undefined, working: StoredMessage[], spoken: string[], next: NextStep, said: string[]): Promise<BrainReply> {
  const own: BrainReply = spoken.length
    ? { text: next.type === 'gather' ? `${spoken[spoken.length - 1]} ${say(env, 'help.anythingElse')}` : spoken[spoken.length - 1]!, next }
    : await builtinBrain.respond(env, tools, text, understood);
  // What the model already said (heard on a real-time line) comes first, then the fallback's words.
  const reply: BrainReply = said.length ? { ...own, text: [...said, own.text].filter(Boolean).join(' ') } : own;
  const history = working.filter((m, i) => !(m.role === 'assistant' && m.tool_calls && !working.slice(i + 1).some((x) => x.role === 'tool')));
  env.state.llm.messages = trimHistory([...history, { role: 'assistant', content: reply.text }]);
  return reply;
}

function parseArguments(raw: string): Record<string, unknown> {
  try {
    const v = JSON.parse(raw || '{}') as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const ms = (started: number) => Math.round(performance.now() - started);

function errorText(err: unknown): string {
  const e = err as { name?: string; message?: string; status?: number };
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError' || /timed? ?out|aborted/i.test(e?.message ?? '')) return `timeout: ${e.message ?? 'the model took too long'}`;
  return `${e?.status ? `HTTP ${e.status}: ` : ''}${e?.message ?? String(err)}`.slice(0, 500);
}
