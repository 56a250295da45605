import fs from 'node:fs';
import path from 'node:path';

/**
 * The benchmarks, as their files describe them: each `*.bench.ts` says in its header comment what
 * it measures (`@measures`), roughly how long it runs (`@takes`) and whether it runs only when
 * named (`@onRequest`), so the runner's help is never out of step with the files.
 */
export interface BenchInfo {
  name: string;
  file: string;
  measures: string;
  takes: string;
  onRequest: boolean;
}

export function benchCatalog(dir: string): BenchInfo[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts'))
    .sort()
    .map((file) => {
      const header = /\/\*\*([\s\S]*?)\*\//.exec(fs.readFileSync(path.join(dir, file), 'utf8'))?.[1] ?? '';
      const tag = (name: string) => new RegExp(`^\\s*\\*\\s*@${name}\\b[ \\t]*(.*)$`, 'm').exec(header)?.[1]?.trim();
      return { name: file.replace(/\.bench\.ts$/, ''), file, measures: tag('measures') ?? '', takes: tag('takes') ?? '', onRequest: tag('onRequest') !== undefined };
    });
}

export type BenchCommand = { kind: 'help' } | { kind: 'run'; benches: BenchInfo[] } | { kind: 'refuse'; message: string };

/**
 * The command line: `--help` (or `-h`) lists the benchmarks; names (whole or part: `agent-turn`, `outbound`)
 * choose which run; none runs all but the on-request ones. Any other option, or a name that
 * matches no benchmark, is refused before anything starts.
 */
export function parseBenchArgs(argv: readonly string[], catalog: readonly BenchInfo[]): BenchCommand {
  if (argv.some((a) => a === '--help' || a === '-h')) return { kind: 'help' };
  const option = argv.find((a) => a.startsWith('-'));
  if (option) return { kind: 'refuse', message: `Unknown option ${option}. Run with --help to see the benchmarks.` };
  const unknown = argv.find((a) => !catalog.some((b) => b.name.includes(a)));
  if (unknown) return { kind: 'refuse', message: `No benchmark is named like "${unknown}". Run with --help to see the benchmarks.` };
  const benches = argv.length === 0 ? catalog.filter((b) => !b.onRequest) : catalog.filter((b) => argv.some((a) => b.name.includes(a)));
  return { kind: 'run', benches };
}

export function benchHelp(catalog: readonly BenchInfo[]): string {
  const width = Math.max(...catalog.map((b) => b.name.length));
  return [
    'Usage: npm run bench [-- NAME…]',
    '',
    'Runs the benchmarks in turn and prints one JSON line per figure. With no name, every benchmark',
    'except those marked "only when named"; a name may be part of one (`outbound` runs the three outbound ones).',
    'The times are rough, on a quiet machine; a busy one takes longer.',
    '',
    ...catalog.flatMap((b) => [
      `  ${b.name.padEnd(width)}  ${b.measures}${b.onRequest ? ' (only when named)' : ''}`,
      `  ${' '.repeat(width)}  takes ${b.takes}`,
    ]),
    '',
    'Options:',
    '  -h, --help  this list; nothing is run',
  ].join('\n');
}
