import fs from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { startBenchDatabase } from './support.js';
import { startServer, turnRequests } from './agent-turn.bench.js';
const SCRIPT = ['What are your hours?', "I'd like to book an appointment", 'Jane Smith', 'March third nineteen eighty', 'a follow-up', 'yes', 'Tuesday mornings', 'yes', 'yes', "no that's all, thanks"];
const db = await startBenchDatabase();
const port = new URL(db.url).port;
const url = process.env.SOCK ? `postgres://postgres:switchboard-local@/postgres?host=/tmp&port=${port}` : db.url;
const server = await startServer(url);
const base = `http://127.0.0.1:${server.port}`;
if (process.env.FF) { const c0 = new pg.Client({ connectionString: db.url }); await c0.connect(); await c0.query(`alter table calls set (fillfactor = ${process.env.FF})`); await c0.end(); }
if (process.env.PRE_SQL) { const c0 = new pg.Client({ connectionString: db.url }); await c0.connect(); for (const q of process.env.PRE_SQL.split(';;')) console.log(q, (await c0.query(q)).rowCount); await c0.end(); }
const slice = Number(process.env.SLICE ?? SCRIPT.length);
await autocannon({ url: base, connections: 100, duration: 3, requests: turnRequests(SCRIPT.slice(0, slice), 1000) });
const c = new pg.Client({ connectionString: db.url }); await c.connect();
try { await c.query('create extension if not exists pg_stat_statements'); await c.query('select pg_stat_statements_reset()'); } catch {}
const cpu = async () => ((await (await fetch(`${base}/bench/rss`)).json()) as { cpuMs: number }).cpuMs;
const dbByType = () => { const m: Record<string, number> = {}; for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) { try { const cl = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'); if (!cl.includes('postgres')) continue; const st = fs.readFileSync(`/proc/${pid}/stat`, 'utf8'); const f = st.slice(st.lastIndexOf(')') + 2).split(' '); const k = cl.replace(/\0/g, ' ').replace(/postgres: (\S+ \S+).*/, '$1').slice(0, 40); m[k] = (m[k] ?? 0) + (Number(f[11]) + Number(f[12])) * 10; } catch {} } return m; };
const dbcpu = () => { let t = 0; for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) { try { if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')) continue; const st = fs.readFileSync(`/proc/${pid}/stat`, 'utf8'); const f = st.slice(st.lastIndexOf(')') + 2).split(' '); t += (Number(f[11]) + Number(f[12])) * 10; } catch {} } return t; };
const idle = () => { const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number); return [f[3]! + f[4]!, f.reduce((a, b) => a + b, 0)]; };
console.log('MEASURE START'); const i0 = idle();
const c0 = await cpu(), d0 = dbcpu(); const t0 = dbByType();
const r = await autocannon({ url: base, connections: Number(process.env.CONN ?? 100), duration: 10, requests: turnRequests(SCRIPT.slice(0, slice), 6000) });
const i1 = idle(); console.log('idle %', ((i1[0]! - i0[0]!) / (i1[1]! - i0[1]!) * 100).toFixed(1));
const c1 = await cpu(), d1 = dbcpu(); const t1 = dbByType(); console.log(Object.entries(t1).map(([k, v]) => [k, v - (t0[k] ?? 0)]).filter(([, v]) => (v as number) > 0));
console.log('per call ms: server', ((c1 - c0) / r.requests.total * (slice + 1)).toFixed(2), 'db', ((d1 - d0) / r.requests.total * (slice + 1)).toFixed(2));
if (process.env.BASE) { const j0 = idle(); const bc0 = await cpu(), bd0 = dbcpu(); const b = await autocannon({ url: `${base}/bench/baseline`, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}', connections: 100, duration: 10 }); const j1 = idle(); console.log('baseline req/s', b.requests.average, 'idle %', ((j1[0]! - j0[0]!) / (j1[1]! - j0[1]!) * 100).toFixed(1), 'server/db ms per req', ((await cpu() - bc0) / b.requests.total).toFixed(3), ((dbcpu() - bd0) / b.requests.total).toFixed(3)); }
console.log('req/s', r.requests.average, 'total', r.requests.total, 'non2xx', r.non2xx);
const s = process.env.BENCH_PG_SETTINGS ? await c.query(`select calls, round(total_plan_time::numeric,1) as plan, round(total_exec_time::numeric,1) as ms, round((total_exec_time/calls)::numeric,3) as per, rows, wal_bytes, left(regexp_replace(query,'\\s+',' ','g'),160) q from pg_stat_statements where calls > 0 order by total_exec_time + total_plan_time desc limit 30`) : { rows: [] };
console.table(s.rows);
console.table((await c.query(`select relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_live_tup, n_dead_tup, pg_size_pretty(pg_relation_size(relid)) size from pg_stat_user_tables where n_tup_ins+n_tup_upd > 0 order by n_tup_upd+n_tup_ins desc`)).rows);
console.table((await c.query(`select kind, count(*), avg(pg_column_size(payload))::int payload, avg(pg_column_size(e.*))::int row from call_events e group by kind`)).rows);
console.table((await c.query(`select avg(pg_column_size(c.*))::int row, avg(pg_column_size(agent_state))::int state from calls c`)).rows);
for (const k of ['caller_speech','agent_speech','model_request','status','tool_result']) console.log(k, JSON.stringify((await c.query(`select payload from call_events where kind=$1 offset 500 limit 1`,[k])).rows[0]));
console.log(JSON.stringify((await c.query(`select agent_state from calls where status='in_progress' offset 100 limit 1`)).rows[0]));
console.table((await c.query(`select status, count(*), avg(pg_column_size(c.*))::int row, avg(pg_column_size(agent_state))::int state, avg(octet_length(agent_state::text))::int state_text, avg(pg_column_size(transcript_text))::int tr, avg(pg_column_size(summary))::int summ, count(pg_column_compression(agent_state)) compressed_state, count(pg_column_compression(transcript_text)) compressed_tr from calls c group by status`)).rows);
console.table((await c.query(`select name, setting from pg_settings where name in ('default_toast_compression','synchronous_commit','fsync','full_page_writes','checkpoint_timeout','max_wal_size','wal_compression','shared_buffers','server_version')`)).rows);
await c.end();
server.child.kill('SIGTERM'); await new Promise((r) => server.child.once('exit', r)); if (process.env.KEEP) { console.log('KEPT', db.url); await new Promise(() => {}); } await db.stop();
