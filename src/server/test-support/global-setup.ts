import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.js';
import { migrateDatabase } from '../db/migrate.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** Superuser URL of the run's PostgreSQL, database `postgres` (used to clone the template). */
    adminDatabaseUrl: string;
    /** Name of the migrated template database each test file clones. */
    templateDatabase: string;
  }
}

export const TEMPLATE_DATABASE = 'switchboard_template';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const tmpRoot = path.join(repoRoot, '.tmp');
const PREFIX = 'pg-test-';

/**
 * One PostgreSQL per test run, in a fresh folder under .tmp/ and on a port the OS says is free:
 * several people (and CI) run tests at once on one machine, so nothing here is fixed or shared.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  fs.mkdirSync(tmpRoot, { recursive: true });
  removeAbandonedFolders();
  const dataDir = fs.mkdtempSync(path.join(tmpRoot, PREFIX));
  // PostgreSQL runs as the `postgres` user when we are root: it must be able to enter the folder.
  fs.chmodSync(dataDir, 0o755);
  fs.writeFileSync(path.join(dataDir, 'owner.pid'), String(process.pid));

  let db: EmbeddedDatabase | undefined;
  try {
    db = await startOnFreePort(dataDir);
    const adminUrl = db.url('postgres');
    await withClient(adminUrl, (c) => c.query(`create database ${TEMPLATE_DATABASE}`));
    await migrateDatabase(db.url(TEMPLATE_DATABASE));
    await withClient(adminUrl, (c) => c.query(`alter database ${TEMPLATE_DATABASE} is_template true`));
    project.provide('adminDatabaseUrl', adminUrl);
    project.provide('templateDatabase', TEMPLATE_DATABASE);
  } catch (err) {
    await db?.stop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  if (process.env.DEBUG_TEST_DB) process.stdout.write(`[integration] PostgreSQL on port ${db.port} ready in ${Date.now() - started} ms (${dataDir})\n`);

  return async () => {
    await db?.stop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

async function startOnFreePort(dataDir: string): Promise<EmbeddedDatabase> {
  let lastError: unknown;
  // Another run may take the port between our probe and PostgreSQL's bind: try a few.
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    try {
      return await startEmbeddedPostgres({ dataDir, port });
    } catch (err) {
      lastError = err;
      if (!/in use|could not bind|Address already in use|did not start/i.test(String((err as Error).message))) throw err;
    }
  }
  throw lastError;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port >= 1024 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Folders left by runs that were killed (kill -9): removed only when both the run that made
 * them and its PostgreSQL are gone. A live cluster is never touched — it may be someone's run.
 */
function removeAbandonedFolders(): void {
  for (const name of fs.readdirSync(tmpRoot)) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(tmpRoot, name);
    const owner = readPid(path.join(dir, 'owner.pid'));
    const postmaster = readPid(path.join(dir, 'pg', 'postmaster.pid'));
    if (owner === null) {
      // Being created right now by another run, or left empty: only remove it when old.
      const age = Date.now() - fs.statSync(dir).mtimeMs;
      if (age < 3_600_000) continue;
    } else if (isAlive(owner)) continue;
    if (postmaster !== null && isAlive(postmaster)) continue;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
