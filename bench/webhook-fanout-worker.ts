import { loadEnv } from '../src/server/config/env.js';
import { createAppContext } from '../src/server/bootstrap.js';
import { startWorker } from '../src/server/worker.js';

/**
 * The worker process of webhook-fanout.bench.ts's kill -9 half: the product's worker role
 * (`startWorker`: every task, the lease, the release of dead workers' jobs) at the bench's
 * concurrency, in a process of its own so the bench can SIGKILL it. Prints `READY`.
 */
const concurrency = Number(process.env.WEBHOOK_BENCH_CONCURRENCY ?? 32);
const env = loadEnv({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0' });
const { ctx } = createAppContext(env, process.env.DATABASE_URL!, { poolMax: concurrency + 4 });
await startWorker(ctx, { concurrency, pollInterval: 100 });
process.stdout.write('READY\n');
