import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Figure } from './support.js';

/**
 * Runs every bench/*.bench.ts in turn (or those named on the command line) and prints one JSON
 * line per figure. Benchmarks measure; they do not fail the build.
 */
const dir = import.meta.dirname;
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
/** Run only when named (`npm run bench -- soak`): they take many minutes. */
const ON_REQUEST = new Set(['soak.bench.ts']);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => (only.length === 0 ? !ON_REQUEST.has(f) : only.some((o) => f.includes(o))))
  .sort();

let failed = 0;
for (const file of files) {
  const started = Date.now();
  try {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: () => Promise<Figure[]> };
    const figures = await mod.default();
    for (const f of figures) process.stdout.write(`${JSON.stringify({ bench: file.replace(/\.bench\.ts$/, ''), ...f })}\n`);
  } catch (err) {
    failed++;
    process.stdout.write(`${JSON.stringify({ bench: file.replace(/\.bench\.ts$/, ''), error: err instanceof Error ? err.message : String(err) })}\n`);
  }
  process.stderr.write(`(${file} took ${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}
process.exit(failed ? 1 : 0);
