import fs from 'node:fs';
import path from 'node:path';

const PREFIX = 'e2e-data-';

/**
 * A fresh data folder for this run's server (.tmp/e2e-data-<time>-<pid>), so the demo seed and
 * every journey start from an empty database. Folders of earlier runs are removed first,
 * except any whose PostgreSQL still runs or that is younger than two minutes (another run
 * that is starting up).
 */
export function freshDataDir(root = '.tmp'): string {
  pruneOldDataDirs(root);
  return path.join(root, `${PREFIX}${Date.now().toString(36)}-${process.pid}`);
}

/**
 * Removes `dir` when the test runner exits (the server and its PostgreSQL have stopped by
 * then). E2E_KEEP_DATA=1 keeps it for a look after a failure.
 */
export function removeOnExit(dir: string): void {
  if (process.env.E2E_KEEP_DATA === '1') return;
  process.once('exit', () => {
    if (!postgresRunsIn(dir)) fs.rmSync(dir, { recursive: true, force: true });
  });
}

function pruneOldDataDirs(root: string): void {
  if (!fs.existsSync(root)) return;
  for (const entry of fs.readdirSync(root)) {
    if (!entry.startsWith(PREFIX)) continue;
    const createdAt = parseInt(entry.slice(PREFIX.length).split('-')[0] ?? '', 36);
    if (!Number.isFinite(createdAt) || Date.now() - createdAt < 2 * 60_000) continue;
    const dir = path.join(root, entry);
    if (postgresRunsIn(dir)) continue;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function postgresRunsIn(dataDir: string): boolean {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return false;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
