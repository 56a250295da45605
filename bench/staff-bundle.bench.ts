import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { freePort, repoRoot, stopChild, tmpDir, waitForReady, type Figure } from './support.js';

/**
 * The staff app's JavaScript (issue 17 §6): what a signed-in supervisor's browser fetches to show
 * /overview (the initial staff bundle), what it fetches on top when they open /analytics (the
 * route's own code, charts included), and whether any of the analytics code is in the former.
 * Sizes are gzip -9 of the files the browser fetched, from the build the server serves.
 *
 * @measures the staff app's initial JavaScript and what /analytics adds, in Chromium
 * @takes under a minute (plus a web build if dist/web is stale)
 */
const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];
const PASSWORD = 'bench-password-2026';
/** Recharts' own class names: present in the code only if the charts were bundled there. */
const CHART_MARKERS = ['recharts-wrapper', 'recharts-surface'];

export default async function staffBundle(): Promise<Figure[]> {
  const { ensureWebBuild } = await import('../src/server/web-build.js');
  const webDir = await ensureWebBuild(repoRoot, () => undefined);
  const dataDir = tmpDir('bench-staff-');
  // The embedded PostgreSQL runs as its own user: it must be able to enter the folder.
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, EMBEDDED_PG_PORT: String(await freePort()), DEMO_PASSWORD: PASSWORD, LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '50' },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    await waitForReady(`${base}/readyz`, 90_000);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${base}/login`);
    await page.getByLabel('Email', { exact: true }).fill('supervisor@switchboard.demo');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    // A new context with the session and an empty cache: every script is fetched again.
    const signedIn = await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState: await page.context().storageState() });
    await page.context().close();

    // A fresh load of /overview, as after a sign-in or a reload: the initial staff bundle.
    const overview = await signedIn.newPage();
    const initial = await scriptsFetchedBy(overview, async () => {
      await overview.goto(`${base}/overview`, { waitUntil: 'load' });
      await overview.locator('main h1').first().waitFor({ timeout: 15_000 });
    });
    // Then the Analytics link: only what that route adds.
    const analytics = await scriptsFetchedBy(overview, async () => {
      await overview.getByRole('link', { name: 'Analytics', exact: true }).first().click();
      await overview.getByTestId('kpi-inboundCalls').waitFor({ timeout: 30_000 });
    });
    const initialSize = sizeOf(webDir, initial);
    const analyticsSize = sizeOf(webDir, analytics.filter((s) => !initial.includes(s)));
    const chartsInInitial = initial.some((s) => CHART_MARKERS.some((m) => fs.readFileSync(path.join(webDir, s), 'utf8').includes(m)));
    return [
      { name: 'initial staff bundle (/overview, signed in)', value: initialSize.gzipKB, unit: 'KB gzip', target: '≤ 250 (DESIGN.md)', rawKB: initialSize.rawKB, scripts: initial.length },
      { name: 'analytics route JavaScript (added on opening /analytics)', value: analyticsSize.gzipKB, unit: 'KB gzip', rawKB: analyticsSize.rawKB, scripts: analyticsSize.files, charts_in_initial_bundle: chartsInInitial },
    ];
  } finally {
    await browser.close();
    await stopChild(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function scriptsFetchedBy(page: Page, action: () => Promise<void>): Promise<string[]> {
  const scripts = new Set<string>();
  const onResponse = (r: { url: () => string; request: () => { resourceType: () => string } }) => {
    if (r.request().resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
  };
  page.on('response', onResponse);
  try {
    await action();
  } finally {
    page.off('response', onResponse);
  }
  return [...scripts];
}

function sizeOf(webDir: string, scripts: string[]): { gzipKB: number; rawKB: number; files: number } {
  let raw = 0;
  let gzip = 0;
  for (const s of scripts) {
    const body = fs.readFileSync(path.join(webDir, s));
    raw += body.length;
    gzip += zlib.gzipSync(body, { level: 9 }).length;
  }
  const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
  return { gzipKB: kb(gzip), rawKB: kb(raw), files: scripts.length };
}
