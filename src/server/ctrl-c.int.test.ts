import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { appRoot } from './app-root.js';

/**
 * Issue 19 §9: Ctrl-C in the terminal stops `npm start` cleanly. The terminal sends SIGINT to
 * its whole foreground process group; here the server runs in a group of its own and the whole
 * group gets the signal, as from a terminal. PostgreSQL must not be stopped under the server
 * (no FATAL 57P01 line), the process ends with 0 and the database is gone afterwards.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-ctrl-c-'));
// PostgreSQL runs as the postgres user when the tests run as root: it must reach the folder.
fs.chmodSync(dataDir, 0o755);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

it('a Ctrl-C to the process group stops the worker, then PostgreSQL, without a FATAL line', { timeout: 120_000 }, async () => {
  const pgPort = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(appRoot, 'src/server/main.ts'), '--role=worker'], {
    cwd: appRoot,
    detached: true,
    env: { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), DATABASE_URL: '', LOG_LEVEL: 'info', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  for (let i = 0; i < 200 && !output.includes('Press Ctrl-C to stop.'); i++) {
    if (child.exitCode !== null) {
      await exited;
      break;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  expect(output, output).toContain('Press Ctrl-C to stop.');
  expect(await portOpen(pgPort)).toBe(true);

  process.kill(-child.pid!, 'SIGINT');
  expect(await exited, output).toBe(0);
  expect(output).toContain('Stopping…');
  expect(output).not.toMatch(/57P01|FATAL|"level":(50|60)/);
  expect(await portOpen(pgPort)).toBe(false);
});
