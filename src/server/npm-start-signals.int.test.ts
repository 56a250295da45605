import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { appRoot } from './app-root.js';

/**
 * Issue 28: a service manager stops `npm start` by signalling the process it started (npm), not
 * the process group as a terminal's Ctrl-C does. SIGTERM or SIGINT to that one process must stop
 * the server and its embedded PostgreSQL cleanly, leaving no process behind. Real processes: npm,
 * the shell it runs the script in, the server, PostgreSQL (the worker role, so no web build).
 */
const dirs: string[] = [];
const leftovers: number[] = [];
afterAll(() => {
  // Whatever a failed run left behind, found by the marker in its environment (only processes this test started).
  for (const pid of leftovers) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      /* gone */
    }
  }
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

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

/** Processes whose environment carries `marker` (the server and anything else npm start left). */
function processesMarked(marker: string): { pid: number; command: string }[] {
  const found: { pid: number; command: string }[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!fs.readFileSync(`/proc/${entry}/environ`, 'latin1').includes(marker)) continue;
      found.push({ pid: Number(entry), command: fs.readFileSync(`/proc/${entry}/cmdline`, 'latin1').replace(/\0/g, ' ').trim() });
    } catch {
      /* ended meanwhile, or not ours to read */
    }
  }
  return found;
}

it.each(['SIGTERM', 'SIGINT'] as const)('%s to the npm start process alone stops the server and PostgreSQL cleanly', { timeout: 180_000 }, async (signal) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-npm-start-'));
  dirs.push(dataDir);
  // PostgreSQL runs as the postgres user when the tests run as root: it must reach the folder.
  fs.chmodSync(dataDir, 0o755);
  const pgPort = await freePort();
  const marker = `switchboard-signal-test-${randomUUID()}`;
  const npm = spawn('npm', ['start', '--', '--role=worker'], {
    cwd: appRoot,
    // Its own process group, so only the one process is signalled below (not as from a terminal).
    detached: true,
    env: { ...process.env, SIGNAL_TEST_MARKER: marker, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), DATABASE_URL: '', LOG_LEVEL: 'info', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout.on('data', (d: Buffer) => (output += d.toString()));
  npm.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));

  for (let i = 0; i < 400 && !output.includes('Press Ctrl-C to stop.') && npm.exitCode === null; i++) await new Promise((r) => setTimeout(r, 300));
  expect(output, output).toContain('Press Ctrl-C to stop.');
  expect(await portOpen(pgPort)).toBe(true);

  process.kill(npm.pid!, signal);
  await Promise.race([exited, new Promise((r) => setTimeout(r, 60_000))]);
  // npm has ended; give what it started a moment to end too.
  let left = processesMarked(marker);
  for (let i = 0; i < 50 && (left.length > 0 || (await portOpen(pgPort))); i++) {
    await new Promise((r) => setTimeout(r, 200));
    left = processesMarked(marker);
  }
  leftovers.push(...left.map((p) => p.pid));
  expect(npm.exitCode ?? npm.signalCode, output).not.toBeNull();
  expect(left.map((p) => p.command), output).toEqual([]);
  expect(await portOpen(pgPort)).toBe(false);
  expect(output).toContain('Stopping…');
  expect(output).not.toMatch(/57P01|FATAL|"level":(50|60)/);
});
