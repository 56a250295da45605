import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Logger, runMigrations as runWorkerMigrations } from 'graphile-worker';
import { appRoot } from '../app-root.js';

export const migrationsFolder = path.join(appRoot, 'src', 'server', 'db', 'migrations');

/** Applies our schema migrations and graphile-worker's own, so web and worker can start in any order. */
export async function migrateDatabase(url: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    await migrate(drizzle(pool), { migrationsFolder });
    await runWorkerMigrations({ pgPool: pool, logger: quietLogger() });
  } finally {
    await pool.end();
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
