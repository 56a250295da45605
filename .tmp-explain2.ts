import pg from 'pg';
const c = new pg.Client({ connectionString: 'postgres://postgres:switchboard-local@127.0.0.1:5561/postgres' });
await c.connect();
for (const s of process.argv.slice(3)) await c.query(s);
const r = await c.query(`explain (analyze, buffers) ${process.argv[2]}`);
console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
await c.end();
