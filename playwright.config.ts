import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRunDir, removeOnExit } from './e2e/support/run-dir';
import { BASE_URL, DEMO_PASSWORD, E2E_PG_PORT, E2E_PORT } from './e2e/support/env';

/**
 * Browser journeys (e2e/*.spec.ts) against the real server: embedded PostgreSQL on a fresh
 * data folder per run, the demo seed with a known password, and the test clock enabled so
 * journeys can move server time (idle expiry, lockout end).
 *
 * Chromium is Debian's (/usr/bin/chromium); `apt-get update && apt-get install -y chromium`
 * installs it. Playwright's own browser downloads are not used.
 */

// One folder per run: a copy of the sources the server runs from (with its own web build) and
// an empty data folder (see e2e/support/run-dir.ts). The config is evaluated again in each
// worker process; the environment (inherited by workers) keeps what the runner chose.
const projectRoot = path.dirname(fileURLToPath(import.meta.url));
if (!process.env.E2E_RUN_DIR) {
  const run = createRunDir(projectRoot);
  process.env.E2E_RUN_DIR = run.root;
  process.env.E2E_OUTPUT_DIR = run.output;
  removeOnExit(run.root);
}
const runDir = process.env.E2E_RUN_DIR;
const outputDir = process.env.E2E_OUTPUT_DIR ?? '.tmp/e2e-output/unnamed';
const CI = process.env.CI === 'true' || process.env.CI === '1';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // Traces and screenshots of failures: .tmp/e2e-output/<run>/ (the newest runs are kept).
  outputDir,
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-results.json' }]],
  use: {
    baseURL: BASE_URL,
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
  webServer: {
    // What `npm start` runs (the server compiled to dist/), from the run's copy of the sources.
    command: 'node scripts/build-server.mjs && node dist/server/main.mjs',
    cwd: path.join(runDir, 'app'),
    url: `${BASE_URL}/readyz`,
    // The first start builds the web app; on a loaded shared machine that can take longer (E2E_SERVER_TIMEOUT_MS).
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 120_000),
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGINT lets the server stop its embedded PostgreSQL before exiting.
    gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
    env: {
      DATA_DIR: path.join(runDir, 'data'),
      HOST: '127.0.0.1',
      PORT: String(E2E_PORT),
      PUBLIC_URL: BASE_URL,
      EMBEDDED_PG_PORT: String(E2E_PG_PORT),
      DEMO_PASSWORD,
      ENABLE_TEST_CLOCK: '1',
      // Webhook journeys deliver to a receiver on loopback over http (tests only; refused in production).
      OUTBOUND_TEST_PRIVATE_ADDRESSES: '127.0.0.1',
      RATE_LIMIT_SCALE: '50',
      LOG_LEVEL: 'warn',
      SESSION_IDLE_MINUTES: '30',
      SESSION_ABSOLUTE_HOURS: '12',
    },
  },
});
