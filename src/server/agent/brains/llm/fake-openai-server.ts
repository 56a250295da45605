import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible chat-completions endpoint on 127.0.0.1 for tests: answers from a script
 * (tool calls or text), optionally late or with an error, and keeps every request it got. A
 * request with `stream: true` is answered with server-sent events as the real API sends them:
 * a role chunk, the content word by word, each tool call's id and name first and its arguments
 * split over several chunks, a `finish_reason`, usage when asked, then `[DONE]`. A streamed
 * answer can be paced (`chunkDelayMs`), or stop after some content chunks (`breakAfter`):
 * `stall` keeps the connection open and silent, `error` cuts it without finishing.
 */
export type FakeAnswer = (
  | { content: string }
  | { toolCalls: { name: string; arguments: Record<string, unknown> }[]; content?: string }
  | { status: number }
) & { delayMs?: number; chunkDelayMs?: number; breakAfter?: { chunks: number; how: 'stall' | 'error' } };

/** One SSE chunk written, with when it left (performance.now() of this process). */
export interface SentChunk {
  request: number;
  at: number;
  content: string;
}

export interface FakeOpenAi {
  baseURL: string;
  requests: { model: string; stream?: boolean; messages: { role: string; content: string | null; tool_call_id?: string }[]; tools?: unknown[] }[];
  /** Every streamed chunk carrying content, in the order written. */
  sent: SentChunk[];
  script(...answers: FakeAnswer[]): void;
  close(): Promise<void>;
}

/** `answer`: what to answer when the script is empty (the benchmark answers every request alike). */
export async function startFakeOpenAi(opts: { answer?: (request: FakeOpenAi['requests'][number], index: number) => FakeAnswer } = {}): Promise<FakeOpenAi> {
  const queue: FakeAnswer[] = [];
  const requests: FakeOpenAi['requests'] = [];
  const sent: SentChunk[] = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      const parsed = JSON.parse(body);
      requests.push(parsed);
      const index = requests.length - 1;
      const answer = queue.shift() ?? opts.answer?.(parsed, index) ?? { content: 'How else can I help?' };
      const toolCalls = 'toolCalls' in answer ? answer.toolCalls.map((c) => ({ id: `call_${++n}`, type: 'function' as const, function: { name: c.name, arguments: JSON.stringify(c.arguments) } })) : [];
      const content = 'status' in answer ? null : (answer.content ?? null);
      const usage = { prompt_tokens: 120 + requests.length, completion_tokens: 12, total_tokens: 132 + requests.length };
      const send = () => {
        if (res.destroyed) return;
        if ('status' in answer) {
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'fake failure', type: 'server_error' } }));
          return;
        }
        if (parsed.stream) {
          streamAnswer(res, { id: `chatcmpl-${++n}`, model: parsed.model, content, toolCalls, usage: parsed.stream_options?.include_usage ? usage : null }, answer, (text) => sent.push({ request: index, at: performance.now(), content: text }));
          return;
        }
        const message = toolCalls.length ? { role: 'assistant', content, tool_calls: toolCalls } : { role: 'assistant', content };
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: `chatcmpl-${++n}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: parsed.model,
            choices: [{ index: 0, message, finish_reason: toolCalls.length ? 'tool_calls' : 'stop' }],
            usage,
          }),
        );
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    sent,
    script: (...answers) => queue.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Streamed {
  id: string;
  model: string;
  content: string | null;
  toolCalls: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  usage: Record<string, number> | null;
}

/** Arguments in pieces of this many characters (so a call's JSON always spans several chunks). */
const ARGUMENT_PIECE = 7;

function streamAnswer(res: http.ServerResponse, a: Streamed, pace: Pick<FakeAnswer, 'chunkDelayMs' | 'breakAfter'>, onContent: (text: string) => void): void {
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null = null, extra: Record<string, unknown> = {}) => ({
    id: a.id,
    object: 'chat.completion.chunk',
    created,
    model: a.model,
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  });
  const chunks: { data: unknown; content?: string }[] = [{ data: chunk({ role: 'assistant', content: '' }) }];
  // Words with the space before them, as tokenizers cut text.
  for (const word of a.content?.match(/\s*\S+/g) ?? []) chunks.push({ data: chunk({ content: word }), content: word });
  a.toolCalls.forEach((c, index) => {
    chunks.push({ data: chunk({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.function.name, arguments: '' } }] }) });
    for (let i = 0; i < c.function.arguments.length; i += ARGUMENT_PIECE) {
      chunks.push({ data: chunk({ tool_calls: [{ index, function: { arguments: c.function.arguments.slice(i, i + ARGUMENT_PIECE) } }] }) });
    }
  });
  chunks.push({ data: chunk({}, a.toolCalls.length ? 'tool_calls' : 'stop') });
  if (a.usage) chunks.push({ data: { id: a.id, object: 'chat.completion.chunk', created, model: a.model, choices: [], usage: a.usage } });

  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
  let i = 0;
  let contentChunks = 0;
  const step = () => {
    if (res.destroyed) return;
    for (; i < chunks.length; ) {
      const c = chunks[i++]!;
      if (c.content !== undefined && pace.breakAfter && contentChunks >= pace.breakAfter.chunks) {
        // A stalled stream stays open and silent until the client gives up; an error cuts it once
        // what was written has had time to arrive (as a connection reset mid-answer would).
        if (pace.breakAfter.how === 'error') setTimeout(() => res.destroy(), 50).unref();
        return;
      }
      res.write(`data: ${JSON.stringify(c.data)}\n\n`);
      if (c.content !== undefined) {
        contentChunks++;
        onContent(c.content);
      }
      if (pace.chunkDelayMs) {
        setTimeout(step, pace.chunkDelayMs).unref();
        return;
      }
    }
    res.end('data: [DONE]\n\n');
  };
  step();
}
