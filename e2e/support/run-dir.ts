import fs from 'node:fs';
import path from 'node:path';

/**
 * Each run of the journeys gets its own folder, .tmp/e2e-run-<time>-<pid>, holding
 *
 *  - app/  a copy of the sources (src/, vite and TypeScript config, package files; node_modules
 *          linked), from which the server runs and builds its own web app into app/dist/web;
 *  - data/ the server's DATA_DIR (embedded PostgreSQL, demo credentials), empty at start.
 *
 * Test artifacts (traces, screenshots of failures) go to .tmp/e2e-output/<same name>, kept
 * after the run (the newest few), so a concurrent run cannot delete them mid-test either.
 *
 * Why a copy: the server builds the web app into <root>/dist/web whenever a web source is newer
 * than the build, emptying the folder first, and reads index.html once at start. On a machine
 * where anyone else starts the server (`npm start`, another test run) while the journeys run,
 * a shared dist/web would be replaced under this run's server and every later page would fail
 * to load. The copy also pins the sources for the whole run.
 */
const PREFIX = 'e2e-run-';
const COPIED = ['src', 'scripts', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];

export interface RunDir {
  root: string;
  app: string;
  data: string;
  output: string;
}

const KEPT_OUTPUTS = 3;

export function createRunDir(projectRoot: string): RunDir {
  const tmp = path.join(projectRoot, '.tmp');
  fs.mkdirSync(tmp, { recursive: true });
  pruneEarlierRuns(tmp);
  const name = `${PREFIX}${Date.now().toString(36)}-${process.pid}`;
  const root = path.join(tmp, name);
  const app = path.join(root, 'app');
  const data = path.join(root, 'data');
  const outputs = path.join(tmp, 'e2e-output');
  pruneOutputs(outputs);
  const output = path.join(outputs, name);
  fs.mkdirSync(app, { recursive: true });
  for (const entry of COPIED) {
    const from = path.join(projectRoot, entry);
    if (fs.existsSync(from)) fs.cpSync(from, path.join(app, entry), { recursive: true, preserveTimestamps: true });
  }
  fs.symlinkSync(path.join(projectRoot, 'node_modules'), path.join(app, 'node_modules'), 'dir');
  // PostgreSQL runs as the `postgres` user when started as root: it must be able to enter.
  fs.mkdirSync(data, { recursive: true });
  for (const dir of [root, app, data]) fs.chmodSync(dir, 0o755);
  return { root, app, data, output };
}

function pruneOutputs(outputs: string): void {
  if (!fs.existsSync(outputs)) return;
  const runs = fs.readdirSync(outputs).filter((e) => e.startsWith(PREFIX)).sort(byCreation);
  for (const old of runs.slice(0, Math.max(0, runs.length - (KEPT_OUTPUTS - 1)))) {
    if (Date.now() - (createdAt(old) || 0) < 15 * 60_000) continue; // perhaps a run still going
    fs.rmSync(path.join(outputs, old), { recursive: true, force: true });
  }
}

const createdAt = (entry: string) => parseInt(entry.replace(/^e2e-(run|data)-/, '').split('-')[0] ?? '', 36);
const byCreation = (a: string, b: string) => (createdAt(a) || 0) - (createdAt(b) || 0);

/** Removes the run's folder when the runner exits (the server and its PostgreSQL have stopped by then). */
export function removeOnExit(runRoot: string): void {
  if (process.env.E2E_KEEP_RUN_DIR === '1') return;
  process.once('exit', () => {
    if (!postgresRunsUnder(runRoot)) fs.rmSync(runRoot, { recursive: true, force: true });
  });
}

/** Folders of earlier runs, unless their PostgreSQL still runs or they are under two minutes old (starting up). */
function pruneEarlierRuns(tmp: string): void {
  for (const entry of fs.readdirSync(tmp)) {
    if (!entry.startsWith(PREFIX) && !entry.startsWith('e2e-data-')) continue;
    const created = createdAt(entry);
    if (!Number.isFinite(created) || Date.now() - created < 2 * 60_000) continue;
    const dir = path.join(tmp, entry);
    if (postgresRunsUnder(dir) || postgresRunsIn(dir)) continue;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether a server's PostgreSQL still runs in one of the run's data folders (`data`, and `data-texting-*` of e2e/support/texting-server.ts). */
function postgresRunsUnder(runRoot: string): boolean {
  if (!fs.existsSync(runRoot)) return false;
  return fs
    .readdirSync(runRoot)
    .filter((entry) => entry === 'data' || entry.startsWith('data-'))
    .some((entry) => postgresRunsIn(path.join(runRoot, entry)));
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
