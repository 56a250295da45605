import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Three projects, run from the repository root (vite.config.ts sets its root to src/web for the
 * SPA; this file is what Vitest reads instead, so the tests see the whole repository):
 *
 * - `unit`: pure tests (the domain, and any `*.unit.test.ts`), no I/O.
 * - `web`: component tests of the web app (`*.test.tsx` beside the components) in jsdom, with Testing
 *   Library and the network faked by MSW (src/web/test/setup.ts; decision 015).
 * - `integration`: `*.int.test.ts` beside the server code, on a real PostgreSQL. The global
 *   setup starts one embedded cluster per run on a free port and migrates a template
 *   database; every test file clones it (src/server/test-support/test-app.ts).
 */
export default defineConfig({
  root: fromRoot('.'),
  resolve: {
    alias: {
      '@web': fromRoot('./src/web'),
      '@domain': fromRoot('./src/domain'),
      '@contracts': fromRoot('./src/contracts'),
    },
  },
  test: {
    teardownTimeout: 30_000,
    // better-auth logs every refused password as a warning; the tests assert those refusals.
    onConsoleLog: (log) => !log.includes('[Better Auth]'),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/domain/**/*.test.ts', 'src/**/*.unit.test.ts', 'bench/**/*.unit.test.ts'],
          exclude: ['**/node_modules/**', '**/*.int.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.tsx'],
          setupFiles: ['src/web/test/setup.ts'],
          // One jsdom and one module graph per worker, not per file: half the CPU time (each
          // file's own jsdom and imports cost as much as its tests). The setup file resets
          // what tests share: the DOM, MSW's handlers, localStorage.
          isolate: false,
          // The tests are CPU-bound; on a two-core machine Vitest's default is a single worker.
          maxWorkers: Math.min(4, Math.max(2, os.availableParallelism())),
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['src/server/**/*.int.test.ts'],
          globalSetup: ['src/server/test-support/global-setup.ts'],
          pool: 'forks',
          // Much of an integration test is waiting on PostgreSQL: use every core (Vitest's
          // default leaves one free, which is a single worker on a two-core machine).
          maxWorkers: Math.min(8, Math.max(2, os.availableParallelism())),
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
