import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Builds the web app when dist/web is missing or older than any of its sources, so
 * `npm start` on a fresh clone serves a current UI without a separate build step.
 */
export async function ensureWebBuild(root: string, log: (line: string) => void): Promise<string> {
  const outDir = path.join(root, 'dist', 'web');
  const stamp = path.join(outDir, 'index.html');
  const sources = [path.join(root, 'src', 'web'), path.join(root, 'src', 'domain'), path.join(root, 'vite.config.ts'), path.join(root, 'package-lock.json')];
  const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  if (builtAt > 0 && newestMtime(sources) <= builtAt) return outDir;
  log(builtAt ? 'Web app sources changed; rebuilding…' : 'Building the web app (first start)…');
  // In a child process: the bundler's memory goes back to the system when it exits instead of
  // staying in the server's resident set for as long as it runs.
  const options = { root: path.join(root, 'src', 'web'), configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' };
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', `const { build } = await import('vite'); await build(${JSON.stringify(options)});`], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the web app build failed (exit code ${code}); run \`npm run build\` to see why`))));
  });
  return outDir;
}

function newestMtime(paths: string[]): number {
  let newest = 0;
  const stack = [...paths];
  while (stack.length) {
    const p = stack.pop()!;
    let st: fs.Stats;
    try {
      st = fs.statSync(p);
    } catch {
      continue;
    }
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) stack.push(path.join(p, e));
    else newest = Math.max(newest, st.mtimeMs);
  }
  return newest;
}
