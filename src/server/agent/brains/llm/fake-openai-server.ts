import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible chat-completions endpoint on 127.0.0.1 for tests: answers from a script
 * (tool calls or text), optionally late or with an error, and keeps every request it got.
 */
export type FakeAnswer =
  | { content: string; delayMs?: number }
  | { toolCalls: { name: string; arguments: Record<string, unknown> }[]; content?: string; delayMs?: number }
  | { status: number; delayMs?: number };

export interface FakeOpenAi {
  baseURL: string;
  requests: { model: string; messages: { role: string; content: string | null; tool_call_id?: string }[]; tools?: unknown[] }[];
  script(...answers: FakeAnswer[]): void;
  close(): Promise<void>;
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const queue: FakeAnswer[] = [];
  const requests: FakeOpenAi['requests'] = [];
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
      const answer = queue.shift() ?? { content: 'How else can I help?' };
      const send = () => {
        if (res.destroyed) return;
        if ('status' in answer) {
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'fake failure', type: 'server_error' } }));
          return;
        }
        const message =
          'toolCalls' in answer
            ? {
                role: 'assistant',
                content: answer.content ?? null,
                tool_calls: answer.toolCalls.map((c) => ({ id: `call_${++n}`, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.arguments) } })),
              }
            : { role: 'assistant', content: answer.content };
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: `chatcmpl-${++n}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: parsed.model,
            choices: [{ index: 0, message, finish_reason: 'toolCalls' in answer ? 'tool_calls' : 'stop' }],
            usage: { prompt_tokens: 120 + requests.length, completion_tokens: 12, total_tokens: 132 + requests.length },
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
    script: (...answers) => queue.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
