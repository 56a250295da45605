/**
 * After `npm ci`: trains the caller understanding's models into node_modules/.cache (decision
 * 037). Never fails an install: without the dev tools (an install with --omit=dev) or on any
 * error, the server trains them itself at its first start.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
try {
  require.resolve('tsx');
} catch {
  process.exit(0);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/train-understanding.ts'], { stdio: 'inherit' });
if (r.status !== 0) console.log('The caller understanding will be trained at the first start instead.');
