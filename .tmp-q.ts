import pg from 'pg';
const c = new pg.Client({ connectionString: 'postgres://postgres:switchboard-local@127.0.0.1:5561/postgres' });
await c.connect();
for (const s of process.argv.slice(2)) { const r = await c.query(s); console.log(JSON.stringify(r.rows ?? r.command)); }
await c.end();
