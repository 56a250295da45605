import fs from 'node:fs';
import path from 'node:path';

/**
 * Removes the data folders of earlier runs (the current run's folder, named in
 * playwright.config.ts, is kept). Each run starts the server on a fresh folder, so the demo
 * seed and every journey's records start from nothing.
 */
export default function globalSetup(): void {
  const current = path.resolve(process.env.E2E_DATA_DIR ?? '');
  const tmp = path.resolve('.tmp');
  if (!fs.existsSync(tmp)) return;
  for (const entry of fs.readdirSync(tmp)) {
    if (!entry.startsWith('e2e-data-')) continue;
    const dir = path.join(tmp, entry);
    if (dir === current) continue;
    if (postgresStillRunning(dir)) continue; // a run in progress elsewhere, or one to clean up by hand
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function postgresStillRunning(dataDir: string): boolean {
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
