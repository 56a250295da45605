import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/server/db/embedded.js';
import { migrateDatabase } from '../src/server/db/migrate.js';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  target?: string;
  [extra: string]: unknown;
}

export const repoRoot = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A private, migrated PostgreSQL for one benchmark; removed afterwards. */
export async function startBenchDatabase(): Promise<{ url: string; dataDir: string; stop: () => Promise<void> }> {
  const base = path.join(repoRoot, '.tmp');
  fs.mkdirSync(base, { recursive: true });
  fs.chmodSync(base, 0o755);
  const dataDir = fs.mkdtempSync(path.join(base, 'bench-'));
  fs.chmodSync(dataDir, 0o755);
  // BENCH_PG_SETTINGS="shared_preload_libraries=pg_stat_statements" to see where the database's time goes.
  const pg = await startEmbeddedPostgres({ dataDir, port: await freePort(), settings: process.env.BENCH_PG_SETTINGS?.split(' ').filter(Boolean) });
  const url = pg.url('postgres');
  await migrateDatabase(url);
  return {
    url,
    dataDir,
    stop: async () => {
      await pg.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export const tmpDir = (prefix: string) => {
  const base = path.join(repoRoot, '.tmp');
  fs.mkdirSync(base, { recursive: true });
  return fs.mkdtempSync(path.join(base, prefix));
};

export { os };

/** Polls `url` until it answers 2xx. */
export async function waitForReady(url: string, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** SIGINT, then SIGKILL after 15 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGINT');
  await Promise.race([new Promise((r) => child.once('exit', r)), new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
