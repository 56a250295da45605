import { randomUUID } from 'node:crypto';
import { loadEnv } from './src/server/config/env.js';
import { createAppContext } from './src/server/bootstrap.js';
import { buildApp } from './src/server/app.js';
import { hashPassword } from './src/server/auth/password-hash.js';
import { insertUser, setPasswordHash } from './src/server/features/users/users.repository.js';
import { percentile, tmpDir } from './bench/support.js';
const url = 'postgres://postgres:switchboard-local@127.0.0.1:5561/postgres';
const env = loadEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: tmpDir('prof-'), RATE_LIMIT_SCALE: '100000', PORT: '0' });
const { ctx, database } = createAppContext(env, url);
const app = await buildApp(ctx);
const id = randomUUID();
const email = `prof-${id.slice(0, 8)}@x.test`;
await insertUser(ctx.db, { id, email, name: 'P', role: 'admin', status: 'active', mustChangePassword: false });
await setPasswordHash(ctx.db, id, await hashPassword('prof password long enough'));
const res = await app.inject({ method: 'POST', url: '/api/session/login', payload: { email, password: 'prof password long enough' } });
const raw = res.headers['set-cookie'];
const cookie = (Array.isArray(raw) ? raw : [raw ?? '']).map((c) => c.split(';')[0]).join('; ');
for (const u of ['/api/session', '/api/calls?limit=50', '/api/organizations/open-now', '/healthz']) {
  const times: number[] = [];
  for (let i = 0; i < 100; i++) {
    const t = performance.now();
    const r = await app.inject({ url: u, headers: { cookie } });
    if (r.statusCode !== 200) throw new Error(r.body);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(u, 'p50', percentile(times, 50).toFixed(1), 'p95', percentile(times, 95).toFixed(1));
}
const { listCallsFor } = await import('./src/server/features/calls/calls.service.js');
const actor = { kind: 'staff' as const, userId: id, email, name: 'P', role: 'admin' as const, allOrganizations: true, organizationIds: [], sessionId: 'x', ip: '127.0.0.1' };
const q = { sort: 'startedAt' as const, order: 'desc' as const, limit: 50 };
for (const label of ['service first page', 'service first page again']) {
  const times: number[] = [];
  for (let i = 0; i < 100; i++) { const t = performance.now(); await listCallsFor(ctx, actor, q as never); times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  console.log(label, 'p50', percentile(times, 50).toFixed(1), 'p95', percentile(times, 95).toFixed(1));
}
await app.close();
await database.close();
