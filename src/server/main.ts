import path from 'node:path';
import pg from 'pg';
import { warmUnderstanding } from './agent/nlu/models.js';
import { ConfigError, loadEnv } from './config/env.js';
import { StartupError, startEmbeddedPostgres, stopDatabaseOurselvesOnSignals, type EmbeddedDatabase } from './db/embedded.js';
import { migrateDatabase } from './db/migrate.js';
import { PATIENT_SIGN_IN_NOTE, patientSignInLine, seedDemo } from './seed/seed.js';
import { createAppContext } from './bootstrap.js';
import { buildApp } from './app.js';
import { startWorker } from './worker.js';
import { ensureWebBuild } from './web-build.js';
import { initSentry, flushSentry } from './lib/sentry.js';
import { appRoot } from './app-root.js';

type Role = 'web' | 'worker' | 'all';
const say = (line: string) => process.stdout.write(`${line}\n`);

function parseRole(argv: string[]): Role {
  const arg = argv.find((a) => a.startsWith('--role='));
  const role = arg ? arg.slice('--role='.length) : 'all';
  if (role !== 'web' && role !== 'worker' && role !== 'all') throw new StartupError(`Unknown role "${role}"; use --role=web, --role=worker or leave it out for both.`);
  return role;
}

async function main(): Promise<void> {
  const started = Date.now();
  const env = loadEnv();
  const role = parseRole(process.argv.slice(2));
  await initSentry(env.SENTRY_DSN, env.NODE_ENV);

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    say(`Starting the embedded PostgreSQL in ${path.join(env.dataDir, 'pg')} (port ${env.EMBEDDED_PG_PORT})…`);
    embedded = await startEmbeddedPostgres({ dataDir: env.dataDir, port: env.EMBEDDED_PG_PORT });
    databaseUrl = embedded.url('postgres');
  }

  const shutdownTasks: Array<() => Promise<unknown>> = [];
  let shuttingDown = false;
  const shutdown = async (code = 0) => {
    if (shuttingDown) return;
    shuttingDown = true;
    say('Stopping…');
    for (const task of shutdownTasks.reverse()) await task().catch(() => undefined);
    await flushSentry();
    await embedded?.stop().catch(() => undefined);
    process.exit(code);
  };
  // We stop PostgreSQL ourselves, last (see stopDatabaseOurselvesOnSignals).
  stopDatabaseOurselvesOnSignals();
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  process.on('SIGHUP', () => void shutdown(0));

  try {
    await checkReachable(databaseUrl);
    await migrateDatabase(databaseUrl);
    // On a terminal, readable one-line logs; piped or redirected, JSON lines for machines.
    const { ctx, database } = createAppContext(env, databaseUrl, { prettyLogs: process.stdout.isTTY === true });
    shutdownTasks.push(() => database.close());

    if (role !== 'worker') {
      const seed = await seedDemo(ctx, { dataDir: env.dataDir, demoPassword: env.DEMO_PASSWORD });
      const webDir = await ensureWebBuild(appRoot, say);
      // The understanding's models, read from the install's cache (trained now if the corpus changed since): no caller waits for them.
      warmUnderstanding();
      const app = await buildApp(ctx, { webDir });
      shutdownTasks.push(() => app.close());
      await listen(app, env.PORT, env.HOST);
      say('');
      say(`Switchboard is running at ${ctx.baseUrl}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s; role: ${role})`);
      printSignIn(seed);
    }
    if (role !== 'web') {
      const runner = await startWorker(ctx);
      shutdownTasks.push(() => runner.stop());
      if (role === 'worker') say('Switchboard worker is running (jobs: outbox delivery).');
    }
    say('Press Ctrl-C to stop.');
  } catch (err) {
    await shutdownWith(err, async () => {
      for (const task of shutdownTasks.reverse()) await task().catch(() => undefined);
      await embedded?.stop().catch(() => undefined);
    });
  }
}

function printSignIn(seed: Awaited<ReturnType<typeof seedDemo>>) {
  if (seed.seeded) {
    say('Demo sign-in (this password is shown once; it is also in ' + seed.credentialsFile + ', mode 0600):');
    for (const u of seed.users) say(`  ${u.role.padEnd(10)} ${u.email}  ${seed.password}`);
    for (const p of seed.patients) say(`  ${patientSignInLine(p)}`);
    if (seed.patients.length) say(`  (${PATIENT_SIGN_IN_NOTE})`);
  } else {
    say(`Demo sign-in: ${seed.users.map((u) => u.email).join(', ')} — password in ${seed.credentialsFile} (or your DEMO_PASSWORD).`);
    if (seed.patients.length) say(`Demo patients (${PATIENT_SIGN_IN_NOTE}):`);
    for (const p of seed.patients) say(`  ${patientSignInLine(p)}`);
  }
}

async function checkReachable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    let where = 'the configured server';
    try {
      const u = new URL(url);
      where = `${u.hostname}:${u.port || 5432}`;
    } catch {
      /* keep the generic wording */
    }
    const reason = (err as { code?: string; message?: string }).code ?? (err as Error).message;
    throw new StartupError(`Could not connect to PostgreSQL at ${where} (${reason}); check DATABASE_URL, or unset it to use the embedded database.`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function listen(app: Awaited<ReturnType<typeof buildApp>>, port: number, host: string): Promise<void> {
  try {
    await app.listen({ port, host });
  } catch (err) {
    if ((err as { code?: string }).code === 'EADDRINUSE') {
      throw new StartupError(`Port ${port} is already in use; stop the program using it or start with PORT=<another port>.`);
    }
    if ((err as { code?: string }).code === 'EACCES') throw new StartupError(`Not allowed to listen on port ${port}; choose another with PORT.`);
    throw err;
  }
}

async function shutdownWith(err: unknown, cleanup: () => Promise<void>): Promise<never> {
  await cleanup();
  if (err instanceof StartupError || err instanceof ConfigError) {
    process.stderr.write(`Switchboard could not start: ${err.message}\n`);
  } else {
    process.stderr.write(`Switchboard could not start: ${err instanceof Error ? err.message : String(err)}\n`);
    if (process.env.DEBUG) console.error(err);
  }
  process.exit(1);
}

main().catch((err) => shutdownWith(err, async () => undefined));
