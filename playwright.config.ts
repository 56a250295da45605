import { defineConfig, devices } from '@playwright/test';
import { freshDataDir, removeOnExit } from './e2e/support/data-dir';
import { BASE_URL, DEMO_PASSWORD, E2E_PG_PORT, E2E_PORT } from './e2e/support/env';

/**
 * Browser journeys (e2e/*.spec.ts) against the real server: embedded PostgreSQL on a fresh
 * data folder per run, the demo seed with a known password, and the test clock enabled so
 * journeys can move server time (idle expiry, lockout end).
 *
 * Chromium is Debian's (/usr/bin/chromium); `apt-get update && apt-get install -y chromium`
 * installs it. Playwright's own browser downloads are not used.
 */

// One fresh data folder per run. The config is evaluated again in each worker process; the
// environment variable (inherited by workers) keeps the folder the runner chose.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = freshDataDir();
  removeOnExit(process.env.E2E_DATA_DIR);
}
const dataDir = process.env.E2E_DATA_DIR;
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
  outputDir: '.tmp/playwright-output',
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
    command: 'node --import tsx src/server/main.ts',
    url: `${BASE_URL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGINT lets the server stop its embedded PostgreSQL before exiting.
    gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
    env: {
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(E2E_PORT),
      PUBLIC_URL: BASE_URL,
      EMBEDDED_PG_PORT: String(E2E_PG_PORT),
      DEMO_PASSWORD,
      ENABLE_TEST_CLOCK: '1',
      RATE_LIMIT_SCALE: '50',
      LOG_LEVEL: 'warn',
      SESSION_IDLE_MINUTES: '30',
      SESSION_ABSOLUTE_HOURS: '12',
    },
  },
});
