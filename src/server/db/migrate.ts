import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Logger, runMigrations as runWorkerMigrations } from 'graphile-worker';
import { appRoot } from '../app-root.js';

export const migrationsFolder = path.join(appRoot, 'src', 'server', 'db', 'migrations');

/** Session advisory lock held while migrating: processes started together migrate one after another. */
const MIGRATION_LOCK = 0x4d494752;

/**
 * Applies our schema migrations and graphile-worker's own, so web and worker can start in any
 * order — several at once too (docs/DEPLOYMENT.md): each start waits for the others' migrations
 * (an advisory lock), then finds nothing left to apply.
 */
export async function migrateDatabase(url: string): Promise<void> {
  const lock = new pg.Client({ connectionString: url });
  lock.on('error', () => undefined);
  await lock.connect();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(pool), { migrationsFolder });
    await runWorkerMigrations({ pgPool: pool, logger: quietLogger() });
  } finally {
    await pool.end();
    // Ending the session releases the lock.
    await lock.end().catch(() => undefined);
  }
}

/** The number of applied migrations equals the journal's: /readyz reports the difference. */
export async function pendingMigrations(pool: pg.Pool): Promise<number> {
  const { readMigrationFiles } = await import('drizzle-orm/migrator');
  const files = readMigrationFiles({ migrationsFolder });
  const res = await pool
    .query<{ n: string }>('select count(*)::text as n from drizzle.__drizzle_migrations')
    .catch(() => ({ rows: [{ n: '0' }] }));
  return Math.max(0, files.length - Number(res.rows[0]?.n ?? 0));
}

function quietLogger(): Logger {
  return new Logger(() => () => undefined);
}
