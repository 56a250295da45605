import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { loadEnv } from '../src/server/config/env.js';
import { createAppContext } from '../src/server/bootstrap.js';
import { buildApp } from '../src/server/app.js';
import { hashPassword } from '../src/server/auth/password-hash.js';
import { insertUser, setPasswordHash } from '../src/server/features/users/users.repository.js';
import { startBenchDatabase, tmpDir, type Figure } from './support.js';

/**
 * Sign-in latency and throughput with argon2id as configured (m = 19 MiB, t = 2, p = 1).
 *
 * @measures sign-in latency and throughput with argon2id as configured
 * @takes under a minute
 */
export default async function signIn(): Promise<Figure[]> {
  const database = await startBenchDatabase();
  const env = loadEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: tmpDir('bench-signin-'), RATE_LIMIT_SCALE: '100000', PORT: '0' });
  const { ctx, database: db } = createAppContext(env, database.url);
  const app = await buildApp(ctx);
  try {
    const password = 'bench-sign-in-password';
    const id = randomUUID();
    await insertUser(ctx.db, { id, email: 'bench@switchboard.test', name: 'Bench', role: 'agent', status: 'active', mustChangePassword: false });
    await setPasswordHash(ctx.db, id, await hashPassword(password));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    const hashTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await hashPassword(password);
      hashTimes.push(performance.now() - t);
    }
    hashTimes.sort((a, b) => a - b);

    const result = await autocannon({
      url: `${address}/api/session/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(ctx.baseUrl).origin },
      body: JSON.stringify({ email: 'bench@switchboard.test', password }),
      connections: 4,
      duration: 10,
    });
    const non2xx = result.non2xx;
    return [
      { name: 'argon2id_hash_p50', value: Number(hashTimes[10]!.toFixed(1)), unit: 'ms' },
      { name: 'sign_in_latency_p50', value: result.latency.p50, unit: 'ms' },
      { name: 'sign_in_latency_p99', value: result.latency.p99, unit: 'ms' },
      { name: 'sign_in_throughput', value: Number(result.requests.average.toFixed(1)), unit: 'req/s', connections: 4, non2xx },
    ];
  } finally {
    await app.close();
    await db.close();
    await database.stop();
  }
}
