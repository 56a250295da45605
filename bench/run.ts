import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Figure } from './support.js';
import { benchCatalog, benchHelp, parseBenchArgs } from './bench-catalog.js';

/**
 * Runs every bench/*.bench.ts in turn (or those named on the command line) and prints one JSON
 * line per figure. Benchmarks measure; they do not fail the build. `--help` lists them with what
 * each measures and how long it takes (bench-catalog.ts); an unknown option or name is refused.
 */
const dir = import.meta.dirname;
const catalog = benchCatalog(dir);
const command = parseBenchArgs(process.argv.slice(2), catalog);
if (command.kind === 'help') {
  process.stdout.write(`${benchHelp(catalog)}\n`);
  process.exit(0);
}
if (command.kind === 'refuse') {
  process.stderr.write(`${command.message}\n`);
  process.exit(2);
}
const files = command.benches.map((b) => b.file);

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
