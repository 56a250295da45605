import { loadEnv } from '../config/env.js';
import { createAppContext } from '../bootstrap.js';
import { buildApp } from '../app.js';
import { migrateDatabase } from '../db/migrate.js';
import { seedDemo } from '../seed/seed.js';
import { startWorker } from '../worker.js';

/**
 * A product process for the tests that kill processes or run several: `--role=web|worker|all` on
 * DATABASE_URL, started the way `src/server/main.ts` starts each role — migrations, then for the
 * web role the demo seed and the app listening (on PORT, 0 for any free port), for the worker role
 * graphile-worker with every job — except that it serves no built web app (main.ts would build it
 * when its sources changed; these tests use the API). Prints `READY <port>` (0 for a worker).
 */
const role = (process.argv.find((a) => a.startsWith('--role=')) ?? '--role=all').slice('--role='.length);
if (role !== 'web' && role !== 'worker' && role !== 'all') throw new Error(`unknown role ${role}`);
const env = loadEnv();
const databaseUrl = env.DATABASE_URL!;
await migrateDatabase(databaseUrl);
const { ctx } = createAppContext(env, databaseUrl);
let port = 0;
if (role !== 'worker') {
  await seedDemo(ctx, { dataDir: env.dataDir, demoPassword: env.DEMO_PASSWORD });
  const app = await buildApp(ctx);
  const address = await app.listen({ port: env.PORT, host: '127.0.0.1' });
  port = Number(new URL(address).port);
}
if (role !== 'web') await startWorker(ctx);
process.stdout.write(`READY ${port}\n`);
