import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { appRoot } from '../app-root.js';

/**
 * role-server.ts compiled once per test file with esbuild (as scripts/build-server.mjs compiles
 * main.ts for `npm start`): each process a test starts then loads plain JavaScript instead of
 * transpiling the whole server under tsx — seconds per start on a busy two-core machine.
 * Answers the file to run with `node`, and a function that removes it.
 */
export async function bundleRoleServer(): Promise<{ file: string; remove: () => void }> {
  const dir = path.join(appRoot, '.tmp');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `role-server-${process.pid}-${Date.now()}.mjs`);
  await build({
    entryPoints: [fileURLToPath(new URL('./role-server.ts', import.meta.url))],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(appRoot, 'tsconfig.json'),
    logLevel: 'warning',
  });
  return { file, remove: () => fs.rmSync(file, { force: true }) };
}
