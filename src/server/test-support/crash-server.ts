import { loadEnv } from '../config/env.js';
import { createAppContext } from '../bootstrap.js';
import { buildApp } from '../app.js';
import { startWorker } from '../worker.js';

/**
 * The server the crash tests kill: the real app and the real worker in one process (as
 * `npm start` runs them, without the web build) on DATABASE_URL. Prints `READY <port>`.
 */
const env = loadEnv({ ...process.env, PORT: '0' });
const { ctx } = createAppContext(env, process.env.DATABASE_URL!);
const app = await buildApp(ctx);
await startWorker(ctx);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`READY ${new URL(address).port}\n`);
