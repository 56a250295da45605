import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const POSTGRES_MISSING =
  "Debian's PostgreSQL server is not installed; the multi-process test runs the product against it through DATABASE_URL. Install it with: apt-get update && apt-get install -y postgresql (.ci/run installs it when missing).";

/** The newest /usr/lib/postgresql/<version>/bin with a server in it, or null. */
export function debianPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')) && fs.existsSync(path.join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

export interface DebianPostgres {
  bin: string;
  port: number;
  /** A folder the server's user may write (for dumps). */
  dir: string;
  /** Superuser URL of a database on this server. */
  url: (database: string) => string;
  /** Runs one of the server's client programs (pg_dump, pg_restore, createdb…) as the cluster's owner. */
  client: (program: string, args: string[]) => Promise<string>;
  stop: () => Promise<void>;
}

/**
 * A throwaway cluster of Debian's PostgreSQL: a fresh data folder under the system's temporary
 * folder, a free port on loopback, trust authentication for loopback only. PostgreSQL refuses to
 * run as root, so as root it runs as the `postgres` user (which the package creates).
 */
export async function startDebianPostgres(): Promise<DebianPostgres> {
  const bin = debianPostgresBin();
  if (!bin) throw new Error(POSTGRES_MISSING);
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-pg-'));
  const dataDir = path.join(dir, 'data');
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    fs.chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const as = (program: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]) : run(path.join(bin, program), args));
  await as('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  await as('pg_ctl', ['-D', dataDir, '-w', '-t', '30', '-l', path.join(dir, 'server.log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  return {
    bin,
    port,
    dir,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    client: async (program, args) => (await as(program, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', ...args])).stdout,
    stop: async () => {
      await as('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
