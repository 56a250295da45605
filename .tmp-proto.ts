import pg from 'pg';
import { startBenchDatabase } from './bench/support.js';
const db = await startBenchDatabase();
const c = new pg.Client({ connectionString: db.url });
await c.connect();
for (const E of [30, 80]) {
  await c.query(`drop table if exists sk; create table sk (org int, day int, claim int4[], resolve int4[], cb int4[], rb int4[], primary key(org, day))`);
  // sparse pairs: idx in 300..450, count 1..3
  await c.query(`insert into sk select o, d, ${[0,1,2,3].map(() => `(select array_agg(x) from (select unnest(array[300 + i*2 + (random()*2)::int, 1 + (random()*2)::int]) x from generate_series(1, ${E}) i) q)`).join(',')} from generate_series(1,50) o, generate_series(1,91) d`);
  await c.query('vacuum analyze sk');
  const time = async (name: string, f: () => Promise<unknown>) => { await f(); const ts=[]; for (let i=0;i<7;i++){const t=performance.now(); await f(); ts.push(performance.now()-t);} ts.sort((a,b)=>a-b); console.log(E, name, ts[3]!.toFixed(1)); };
  await time('sql unnest+group', () => c.query(`select day, idx, sum(cnt) from (select day, a[2*i-1] idx, a[2*i] cnt from sk, lateral (select claim a) x, generate_series(1, array_length(a,1)/2) i) q group by 1,2`));
  await time('sql unnest 4 durations', () => c.query(`select day, k, idx, sum(cnt) from (select day, k, a[2*i-1] idx, a[2*i] cnt from sk, lateral (values (1, claim),(2,resolve),(3,cb),(4,rb)) x(k,a), generate_series(1, array_length(a,1)/2) i) q group by 1,2,3`));
  await time('text fetch 4 arrays (default parser)', () => c.query(`select org, day, claim, resolve, cb, rb from sk`));
  const raw = { getTypeParser: (oid: number, fmt: any) => (oid === 1007 ? (v: string) => v : pg.types.getTypeParser(oid, fmt)) };
  await time('text fetch 4 arrays (raw string)', () => c.query({ text: `select org, day, claim, resolve, cb, rb from sk`, types: raw as any }));
  await time('array_send fetch 4', () => c.query(`select org, day, array_send(claim) a, array_send(resolve) b, array_send(cb) c, array_send(rb) d from sk`));
  await time('array_to_string concat', () => c.query({ text: `select org, day, concat_ws(';', array_to_string(claim, ','), array_to_string(resolve, ','), array_to_string(cb, ','), array_to_string(rb, ',')) s from sk` }));
}
await c.end(); await db.stop();
