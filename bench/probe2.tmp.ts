import fs from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { startBenchDatabase } from './support.js';
import { startServer, turnRequests } from './agent-turn.bench.js';
const SCRIPT = ['What are your hours?', "I'd like to book an appointment", 'Jane Smith', 'March third nineteen eighty', 'a follow-up', 'yes', 'Tuesday mornings', 'yes', 'yes', "no that's all, thanks"];
const db = await startBenchDatabase();
const server = await startServer(db.url);
const base = `http://127.0.0.1:${server.port}`;
if (process.env.PRE_SQL) { const c0 = new pg.Client({ connectionString: db.url }); await c0.connect(); for (const q of process.env.PRE_SQL.split(';;')) console.log(q, (await c0.query(q)).rowCount); await c0.end(); }
const slices = (process.env.SLICES ?? '9,10').split(',').map(Number);
const cpu = async () => ((await (await fetch(`${base}/bench/rss`)).json()) as { cpuMs: number }).cpuMs;
const dbcpu = () => { let t = 0; for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) { try { if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')) continue; const st = fs.readFileSync(`/proc/${pid}/stat`, 'utf8'); const f = st.slice(st.lastIndexOf(')') + 2).split(' '); t += (Number(f[11]) + Number(f[12])) * 10; } catch {} } return t; };
const reqs = new Map(slices.map((s) => [s, turnRequests(SCRIPT.slice(0, s), 8000)]));
await autocannon({ url: base, connections: 100, duration: 3, requests: turnRequests(SCRIPT, 1000) });
const res = new Map<string, number[]>();
const ROUNDS = Number(process.env.ROUNDS ?? 5);
for (let r = 0; r < ROUNDS; r++) {
  for (const s of [...slices, -1]) {
    const c0 = await cpu(), d0 = dbcpu();
    const out = s < 0
      ? await autocannon({ url: `${base}/bench/baseline`, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}', connections: 100, duration: 4 })
      : await autocannon({ url: base, connections: 100, duration: 4, requests: reqs.get(s)! });
    const c1 = await cpu(), d1 = dbcpu();
    const per = s < 0 ? 1 : s + 1;
    const k = s < 0 ? 'base' : `slice${s}`;
    const list = res.get(k) ?? []; res.set(k, list);
    list.push(((c1 - c0) + (d1 - d0)) / out.requests.total * per);
    const sl = res.get(k + ' srv') ?? []; res.set(k + ' srv', sl); sl.push((c1 - c0) / out.requests.total * per);
    const rl = res.get(k + ' rps') ?? []; res.set(k + ' rps', rl); rl.push(out.requests.total / 4);
  }
}
const med = (l: number[]) => [...l].sort((a, b) => a - b)[Math.floor(l.length / 2)]!;
for (const [k, l] of res) console.log(k.padEnd(16), 'median', med(l).toFixed(3), l.map((x) => x.toFixed(2)).join(' '));
server.child.kill('SIGTERM'); await new Promise((r) => server.child.once('exit', r)); await db.stop();
