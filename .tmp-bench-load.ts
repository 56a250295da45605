import pg from 'pg';
import { startEmbeddedPostgres } from './src/server/db/embedded.js';
import { migrateDatabase } from './src/server/db/migrate.js';
import { loadCalls } from './bench/calls-list.bench.js';
const dataDir = '/tmp/sb-bench/data';
const db = await startEmbeddedPostgres({ dataDir, port: 5561 });
const url = db.url('postgres');
const c = new pg.Client({ connectionString: url });
await c.connect();
const { rows } = await c.query(`select to_regclass('public.calls') as t`);
let loaded = false;
if (rows[0].t) loaded = Number((await c.query('select count(*) n from calls')).rows[0].n) > 0;
if (!loaded) {
  await migrateDatabase(url);
  const t = Date.now();
  await loadCalls(c, 1_000_000, (l) => console.log(l));
  console.log('loaded in', (Date.now() - t) / 1000, 's');
}
await c.end();
console.log('READY', url);
setInterval(() => {}, 1 << 30);
