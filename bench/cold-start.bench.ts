import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, repoRoot, tmpDir, type Figure } from './support.js';

/**
 * Cold start: what `npm start` runs — compiling the server to dist/ (first start only), then
 * the compiled server on a fresh data folder (initdb, migrations, demo seed) until GET /login
 * answers 200. The web build is measured separately (it happens once after install).
 *
 * @measures the web build, then `npm start` on a fresh data folder until /login answers
 * @takes 1–3 minutes
 */
export default async function coldStart(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const buildStarted = performance.now();
  const { build } = await import('vite');
  const outDir = tmpDir('bench-web-');
  await build({ root: path.join(repoRoot, 'src', 'web'), configFile: path.join(repoRoot, 'vite.config.ts'), logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  figures.push({ name: 'web_build', value: Math.round(performance.now() - buildStarted), unit: 'ms' });
  fs.rmSync(outDir, { recursive: true, force: true });

  // Make sure dist/web is current so the start below measures the server, not a rebuild.
  const { ensureWebBuild } = await import('../src/server/web-build.js');
  await ensureWebBuild(repoRoot, () => undefined);

  fs.rmSync(path.join(repoRoot, 'dist', 'server'), { recursive: true, force: true });
  const compileStarted = performance.now();
  await new Promise<void>((resolve, reject) =>
    spawn(process.execPath, ['scripts/build-server.mjs'], { cwd: repoRoot, stdio: 'inherit' }).once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build-server exited ${code}`)))),
  );
  figures.push({ name: 'server_compile', value: Math.round(performance.now() - compileStarted), unit: 'ms' });

  for (const run of [1, 2]) {
    const dataDir = tmpDir('bench-cold-');
    fs.chmodSync(dataDir, 0o755);
    const port = await freePort();
    const started = performance.now();
    const child = spawn(process.execPath, ['dist/server/main.mjs'], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()), DEMO_PASSWORD: 'bench-password-2026', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    try {
      const ms = await waitFor(`http://127.0.0.1:${port}/login`, started, 60_000);
      figures.push({ name: `cold_start_to_login_run${run}`, value: Math.round(ms), unit: 'ms', target: '<= 15000 (plus web_build on the very first start)' });
    } finally {
      child.kill('SIGINT');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return figures;
}

async function waitFor(url: string, started: number, timeoutMs: number): Promise<number> {
  while (performance.now() - started < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.status === 200) return performance.now() - started;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
