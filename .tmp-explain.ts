import pg from 'pg';
const c = new pg.Client({ connectionString: 'postgres://postgres:switchboard-local@127.0.0.1:5561/postgres' });
await c.connect();
const sql = process.argv[2]!;
const params = process.argv[3] ? JSON.parse(process.argv[3]) : [];
const r = await c.query(`explain (analyze, buffers) ${sql}`, params);
console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
await c.end();
