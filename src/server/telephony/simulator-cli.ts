import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline/promises';
import { loadEnv } from '../config/env.js';

/**
 * `npm run call -- --to <number>`: a phone call in the terminal, through the running server's
 * simulator (the same pipeline as a real call; the call shows up in /calls). Type what the
 * caller says; an empty line is silence; /hangup (or Ctrl-D) hangs up; /no-answer makes the next
 * transfer ring out unanswered; /verbose shows each turn's decision.
 *
 * Options: --to <number> | --org <organization id>, --from <number>, --url <server>,
 * --email / --password (default: the demo administrator, from DATA_DIR/demo-credentials.txt).
 */
const USAGE = 'Usage: npm run call -- --to <number> [--from <number>] [--url http://localhost:3000] [--email <staff email> --password <password>]';

interface Options {
  to?: string;
  org?: string;
  from?: string;
  url: string;
  email: string;
  password?: string;
  verbose: boolean;
}

function parseArgs(argv: string[]): Options {
  const env = loadEnv();
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const url = (get('url') ?? env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const email = get('email') ?? 'admin@switchboard.demo';
  let password = get('password') ?? env.DEMO_PASSWORD;
  if (!password) {
    try {
      const line = fs
        .readFileSync(path.join(env.dataDir, 'demo-credentials.txt'), 'utf8')
        .split('\n')
        .find((l) => l.includes(email));
      password = line?.trim().split(/\s+/).pop();
    } catch {
      /* no demo credentials: --password is needed */
    }
  }
  return { to: get('to'), org: get('org'), from: get('from'), url, email, password, verbose: argv.includes('--verbose') };
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  if (!o.to && !o.org) throw new Error(USAGE);
  if (!o.password) throw new Error(`No password for ${o.email}: pass --password (or --email and --password of a supervisor, developer or administrator).`);
  // The server refuses state changes (sign-in included) that do not name its own origin.
  const origin = new URL(o.url).origin;
  const api = async (method: string, route: string, body?: unknown, cookie?: string) => {
    let res: Response;
    try {
      res = await fetch(`${o.url}${route}`, { method, headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch {
      throw new Error(`Could not reach Switchboard at ${o.url}. Start it with \`npm start\` (or pass --url).`);
    }
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${route}: ${res.status} ${(json.error as { message?: string } | undefined)?.message ?? res.statusText}`);
    return { json, res };
  };

  const login = await api('POST', '/api/session/login', { email: o.email, password: o.password });
  if (login.json.twoFactorRequired) throw new Error(`${o.email} uses two-factor authentication; sign in as a user without it.`);
  const cookie = (login.res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const started = await api('POST', '/api/simulator/calls', { ...(o.org ? { organizationId: o.org } : { to: o.to }), ...(o.from ? { from: o.from } : {}) }, cookie);
  const callId = started.json.callId as string;
  console.log(`Connected (call ${callId}). Type what the caller says; empty line = silence; /hangup to hang up.\n`);
  console.log(`Agent: ${started.json.agentText}`);
  if (started.json.ended) return;

  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  let transferResult = 'completed';
  let verbose = o.verbose;
  const prompt = () => process.stdout.write('You:   ');
  prompt();
  try {
    // Lines as they come: typed, or piped in (a scripted call).
    for await (const raw of rl) {
      const line = raw.trim();
      if (!process.stdin.isTTY) console.log(line);
      if (line === '/verbose') verbose = !verbose;
      else if (line === '/no-answer' || line === '/busy') {
        transferResult = line.slice(1);
        console.log(`(the next transfer will ring out: ${transferResult})`);
      } else if (line === '/hangup') break;
      else {
        const turn = await api('POST', `/api/simulator/calls/${callId}/turns`, { text: line, transferResult }, cookie);
        const t = turn.json as { agentText: string; ended: boolean; transfer: { target: string; result: string } | null; events: { kind: string; payload: Record<string, unknown>; latencyMs: number | null }[] };
        if (verbose) {
          for (const e of t.events.filter((x) => x.kind === 'model_request' || x.kind === 'tool_call')) {
            const p = e.payload;
            console.log(`        [${e.kind}] ${e.kind === 'tool_call' ? `${String(p.name)} ${JSON.stringify(p.arguments)}` : `${String(p.brain)} intent=${String(p.intent ?? '-')} decision=${String(p.decision ?? '-')} (${e.latencyMs ?? 0} ms)`}`);
          }
        }
        if (t.transfer) console.log(`        (transfer to ${t.transfer.target}: ${t.transfer.result})`);
        console.log(`Agent: ${t.agentText}`);
        if (t.ended) {
          console.log('(the call has ended)');
          return;
        }
      }
      prompt();
    }
    // /hangup, Ctrl-D or the end of piped input.
    await api('POST', `/api/simulator/calls/${callId}/hangup`, {}, cookie);
    console.log('\n(you hung up)');
  } finally {
    rl.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
