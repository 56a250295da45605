import { randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import twilio from 'twilio';
import WebSocket from 'ws';
import { startFakeOpenAi, type SentChunk } from '../src/server/agent/brains/llm/fake-openai-server.js';
import { splitSentences } from '../src/server/agent/sentences.js';
import { NUMBER, pacedCalls, PUBLIC_URL, runCall, startServer, stopServer, TOKEN } from './real-calls.js';
import { percentile, startBenchDatabase, type Figure } from './support.js';

/**
 * ConversationRelay (issue 20 §4): the time from a caller's final `prompt` to the first `text`
 * token back, built-in brain, 100 relay sessions open at once, each caller pausing 0.5–1.5 s
 * between turns (about 100 turns a second, as agent-turn's paced run); and the server's memory
 * per open, idle session; and, for comparison in the same run, the Gather webhook turn with the
 * same callers. The same compiled server as agent-turn (its practice switched to relay).
 *
 * Then the LLM brain, streamed, against the fake OpenAI-compatible server in this process (the
 * same clock as the callers): a model that writes a word every LLM_WORD_MS. Our overhead is the
 * time from the fake writing the token that completes the first sentence (what the session
 * can first speak: a sentence is sent once the next one starts or the answer ends) to that
 * sentence's `text` message reaching the caller: SSE parsing, the sentence rule, the socket.
 * Also shown: from the model's first token to the first `text` (the model's own pace included).
 *
 * @measures ConversationRelay: final prompt to first text token for 100 sessions, memory per session, Gather for comparison, the streamed LLM's overhead
 * @takes about 2 minutes
 */
const SESSIONS = 100;
const PACED_S = 20;
const IDLE_SESSIONS = 200;
const LLM_WORD_MS = 15;
const LLM_ANSWER = 'Sure, I can help with that. Our team will be glad to look into it for you. Is there anything else I can do?';
const SCRIPT = ['What are your hours?', "I'd like to book an appointment", 'Jane Smith', 'March third nineteen eighty', 'a follow-up', 'yes', 'Tuesday mornings', 'yes'];

export default async function relay(): Promise<Figure[]> {
  const database = await startBenchDatabase();
  // Each request is tagged by the caller's words (a turn number at their end), so a turn's text messages find the model's chunks.
  const requestOfTurn = new Map<string, number>();
  const llm = await startFakeOpenAi({
    answer: (request, index) => {
      const tag = /#(\d+)$/.exec(String(request.messages.at(-1)?.content ?? ''))?.[1];
      if (tag) requestOfTurn.set(tag, index);
      return { content: LLM_ANSWER, chunkDelayMs: LLM_WORD_MS };
    },
  });
  const server = await startServer(database.url, { LLM_BASE_URL: llm.baseURL, LLM_API_KEY: 'sk-bench', LLM_MODEL: 'bench-model', LLM_TIMEOUT_MS: '10000' });
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const agent = new http.Agent({ keepAlive: true, maxSockets: SESSIONS });
    // For comparison on this machine at this moment: the Gather path's webhook turn (request in →
    // TwiML out) with the same 100 paced callers, before the practice is switched to relay.
    const gather: number[] = [];
    await Promise.all(Array.from({ length: 20 }, () => runCall(base, agent, 0, () => undefined)));
    const gatherUntil = Date.now() + PACED_S * 1000;
    await pacedCalls(base, agent, { callers: SESSIONS, keepGoing: () => Date.now() < gatherUntil, record: (ms) => gather.push(ms) });
    gather.sort((a, b) => a - b);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(`update organizations set agent_settings = agent_settings || '{"voiceMode":"relay"}'::jsonb`);
    await admin.end();
    // Warm up.
    await Promise.all(Array.from({ length: 20 }, () => runSession(base, agent, 0, () => undefined)));

    const firstToken: number[] = [];
    const until = Date.now() + PACED_S * 1000;
    await Promise.all(
      Array.from({ length: SESSIONS }, async () => {
        await new Promise((r) => setTimeout(r, Math.random() * 2000));
        while (Date.now() < until) await runSession(base, agent, 1, (ms) => firstToken.push(ms));
      }),
    );
    firstToken.sort((a, b) => a - b);

    // Memory per open session: sessions set up and left idle.
    const before = await memory(base);
    const idle = await Promise.all(Array.from({ length: IDLE_SESSIONS }, () => openSession(base, agent)));
    await new Promise((r) => setTimeout(r, 500));
    const during = await memory(base);
    for (const s of idle) s.ws.close();
    const perSession = (k: 'rss') => Math.round((during[k] - before[k]) / IDLE_SESSIONS / 1024);

    // The LLM brain, streamed: the same 100 paced callers.
    const admin2 = new pg.Client({ connectionString: database.url });
    await admin2.connect();
    await admin2.query(`update organizations set agent_settings = agent_settings || '{"brain":"llm"}'::jsonb`);
    await admin2.end();
    const arrivals: { tag: string; at: number }[] = [];
    const tagged = (record: (tag: string, at: number) => void) => async () => {
      await new Promise((r) => setTimeout(r, Math.random() * 2000));
      while (Date.now() < llmUntil) await runSession(base, agent, 1, () => undefined, record);
    };
    let llmUntil = Date.now() + 5000;
    await Promise.all(Array.from({ length: 20 }, tagged(() => undefined)));
    llm.sent.length = 0;
    requestOfTurn.clear();
    llmUntil = Date.now() + PACED_S * 1000;
    await Promise.all(Array.from({ length: SESSIONS }, tagged((tag, at) => arrivals.push({ tag, at }))));
    const { overhead, fromFirstToken } = llmFigures(arrivals, requestOfTurn, llm.sent);
    // One caller alone, turn after turn: the same path without 100 sessions queueing on the machine.
    const alone: { tag: string; at: number }[] = [];
    llmUntil = Date.now() + 8000;
    while (Date.now() < llmUntil) await runSession(base, agent, 0, () => undefined, (tag, at) => alone.push({ tag, at }));
    const single = llmFigures(alone, requestOfTurn, llm.sent).overhead;
    await llm.close();

    return [
      { name: 'relay prompt → first text token, p50 (100 sessions, built-in brain)', value: round(percentile(firstToken, 50)), unit: 'ms', n: firstToken.length },
      { name: 'relay prompt → first text token, p99 (100 sessions, built-in brain)', value: round(percentile(firstToken, 99)), unit: 'ms', target: '≤ 30', n: firstToken.length },
      { name: `relay memory per open session (RSS delta over ${IDLE_SESSIONS} idle sessions)`, value: perSession('rss'), unit: 'KiB' },
      { name: 'relay LLM streamed: our overhead, sentence-completing token leaves the fake → its text on the socket, p50 (100 sessions)', value: round(percentile(overhead, 50)), unit: 'ms', n: overhead.length },
      { name: 'relay LLM streamed: our overhead, sentence-completing token leaves the fake → its text on the socket, p99 (100 sessions)', value: round(percentile(overhead, 99)), unit: 'ms', target: '≤ 10', n: overhead.length },
      { name: 'relay LLM streamed: our overhead, one session alone, p50', value: round(percentile(single, 50)), unit: 'ms', n: single.length },
      { name: 'relay LLM streamed: our overhead, one session alone, p99', value: round(percentile(single, 99)), unit: 'ms', target: '≤ 10', n: single.length },
      { name: `relay LLM streamed: model's first token → first text on the socket, p50 (a word every ${LLM_WORD_MS} ms, first sentence 6 words)`, value: round(percentile(fromFirstToken, 50)), unit: 'ms', n: fromFirstToken.length },
      { name: `relay LLM streamed: model's first token → first text on the socket, p99`, value: round(percentile(fromFirstToken, 99)), unit: 'ms', n: fromFirstToken.length },
      { name: 'gather webhook turn (request → TwiML), p50, same callers, same run', value: round(percentile(gather, 50)), unit: 'ms', n: gather.length },
      { name: 'gather webhook turn (request → TwiML), p99, same callers, same run', value: round(percentile(gather, 99)), unit: 'ms', n: gather.length },
    ];
  } finally {
    await stopServer(server);
    await database.stop();
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** Per turn: arrival of the first text minus when the fake wrote the token completing the first sentence, and its first token. */
function llmFigures(arrivals: { tag: string; at: number }[], requestOfTurn: Map<string, number>, sent: SentChunk[]) {
  const byRequest = new Map<number, SentChunk[]>();
  for (const c of sent) {
    let list = byRequest.get(c.request);
    if (!list) byRequest.set(c.request, (list = []));
    list.push(c);
  }
  const overhead: number[] = [];
  const fromFirstToken: number[] = [];
  for (const { tag, at } of arrivals) {
    const chunks = byRequest.get(requestOfTurn.get(tag) ?? -1);
    if (!chunks?.length) continue;
    let text = '';
    const completing = chunks.find((c) => splitSentences((text += c.content)).sentences.length > 0) ?? chunks.at(-1)!;
    overhead.push(at - completing.at);
    fromFirstToken.push(at - chunks[0]!.at);
  }
  overhead.sort((a, b) => a - b);
  fromFirstToken.sort((a, b) => a - b);
  return { overhead, fromFirstToken };
}

interface Session {
  ws: WebSocket;
  next: () => Promise<{ type: string; [k: string]: unknown }>;
  /** When the message last returned by next() arrived (performance.now()). */
  arrivedAt: () => number;
}

async function openSession(base: string, agent: http.Agent): Promise<Session> {
  const callSid = `CA${randomBytes(16).toString('hex')}`;
  const params = { CallSid: callSid, AccountSid: 'ACbench', From: `+1860${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`, To: NUMBER, ApiVersion: '2010-04-01', CallStatus: 'ringing', Direction: 'inbound' };
  const body = await post(base, agent, '/telephony/twilio/voice', params);
  const url = /<ConversationRelay url="([^"]+)"/.exec(body)?.[1];
  if (!url) throw new Error(`no ConversationRelay in ${body}`);
  const ws = new WebSocket(url.replace(/^wss?:\/\/[^/]+/, base.replace(/^http/, 'ws')), { headers: { 'x-twilio-signature': twilio.getExpectedTwilioSignature(TOKEN, url, {}) } });
  const queue: { m: { type: string }; at: number }[] = [];
  let wake: (() => void) | null = null;
  let lastAt = 0;
  ws.on('message', (d) => {
    queue.push({ m: JSON.parse(d.toString()) as { type: string }, at: performance.now() });
    wake?.();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'setup', sessionId: `VX${randomBytes(16).toString('hex')}`, callSid, from: params.From, to: NUMBER }));
  const next = async () => {
    while (queue.length === 0) await new Promise<void>((r) => (wake = r));
    wake = null;
    const { m, at } = queue.shift()!;
    lastAt = at;
    return m as { type: string; [k: string]: unknown };
  };
  return { ws, next, arrivedAt: () => lastAt };
}

let turns = 0;

/** `firstText`: the LLM run tags each prompt and notes when its first text message arrived. */
async function runSession(base: string, agent: http.Agent, pauseS: number, record: (ms: number) => void, firstText?: (tag: string, at: number) => void): Promise<void> {
  const s = await openSession(base, agent);
  try {
    for (const line of SCRIPT) {
      if (pauseS) await new Promise((r) => setTimeout(r, 500 + Math.random() * 1000 * pauseS));
      const started = performance.now();
      const tag = String(++turns);
      s.ws.send(JSON.stringify({ type: 'prompt', voicePrompt: firstText ? `${line} #${tag}` : line, lang: 'en-US', last: true }));
      let m = await s.next();
      while (m.type === 'language') m = await s.next();
      if (m.type !== 'text') return;
      firstText?.(tag, s.arrivedAt());
      record(performance.now() - started);
      while (!m.last) m = await s.next();
    }
  } finally {
    s.ws.close();
  }
}

function post(base: string, agent: http.Agent, path: string, params: Record<string, string>): Promise<string> {
  const payload = new URLSearchParams(params).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      { method: 'POST', agent, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(payload), 'x-twilio-signature': twilio.getExpectedTwilioSignature(TOKEN, `${PUBLIC_URL}${path}`, params) } },
      (res) => {
        let out = '';
        res.on('data', (c) => (out += String(c)));
        res.on('end', () => (res.statusCode === 200 ? resolve(out) : reject(new Error(`${path} answered ${res.statusCode}: ${out}`))));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function memory(base: string): Promise<{ rss: number }> {
  const res = await fetch(`${base}/bench/rss`);
  return (await res.json()) as { rss: number };
}
