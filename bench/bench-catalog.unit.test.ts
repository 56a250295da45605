import { describe, expect, it } from 'vitest';
import { benchCatalog, benchHelp, parseBenchArgs } from './bench-catalog';

/** The bench runner's command line (issue 28: `npm run bench -- --help` used to start every benchmark). */
const catalog = benchCatalog(import.meta.dirname);

describe('the benchmark catalog', () => {
  it('has every bench file, each saying what it measures and how long it takes', () => {
    expect(catalog.map((b) => b.name)).toEqual(expect.arrayContaining(['agent-turn', 'analytics', 'relay', 'soak', 'webhook-fanout']));
    for (const b of catalog) {
      expect(b.measures, b.file).not.toBe('');
      expect(b.takes, b.file).not.toBe('');
    }
    expect(catalog.filter((b) => b.onRequest).map((b) => b.name)).toEqual(['soak']);
  });

  it('lists them all in the help', () => {
    const help = benchHelp(catalog);
    for (const b of catalog) expect(help).toContain(`  ${b.name} `);
    expect(help).toMatch(/agent-turn +agent turn latency/);
    expect(help).toMatch(/takes about 2 minutes/);
  });
});

describe('the command line', () => {
  it('--help and -h list the benchmarks and run none, whatever else is given', () => {
    expect(parseBenchArgs(['--help'], catalog)).toEqual({ kind: 'help' });
    expect(parseBenchArgs(['-h'], catalog)).toEqual({ kind: 'help' });
    expect(parseBenchArgs(['relay', '--help'], catalog)).toEqual({ kind: 'help' });
  });

  it('refuses an unknown option or a name that matches no benchmark', () => {
    expect(parseBenchArgs(['--fast'], catalog)).toMatchObject({ kind: 'refuse', message: expect.stringContaining('--fast') });
    expect(parseBenchArgs(['relay', '-x'], catalog)).toMatchObject({ kind: 'refuse' });
    expect(parseBenchArgs(['nothing-like-it'], catalog)).toMatchObject({ kind: 'refuse', message: expect.stringContaining('nothing-like-it') });
  });

  it('runs the named ones (a part of a name is enough), or all but the on-request ones', () => {
    const names = (argv: string[]) => {
      const c = parseBenchArgs(argv, catalog);
      return c.kind === 'run' ? c.benches.map((b) => b.name) : c.kind;
    };
    expect(names(['relay'])).toEqual(['relay']);
    expect(names(['soak'])).toEqual(['soak']);
    expect(names(['outbound'])).toEqual(['outbound-import', 'outbound-placement', 'outbound-window']);
    expect(names([])).toEqual(catalog.filter((b) => b.name !== 'soak').map((b) => b.name));
  });
});
