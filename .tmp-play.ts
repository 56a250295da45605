import { chromium } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
const base = 'http://localhost:3500';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
for (const width of [1280, 375]) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: base });
  await context.request.post('/api/session/login', { data: { email: 'developer@switchboard.demo', password: 'demo-pass-2026' }, headers: { origin: base } });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log('PAGE ERROR', e.message));
  await page.goto('/developer?tab=playground', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Start call' }).click();
  await page.getByLabel('What the caller says').waitFor();
  for (const text of ['Hi, are you open on Saturday?', 'I would like to book an appointment for a checkup']) {
    await page.getByLabel('What the caller says').fill(text);
    await page.getByRole('button', { name: 'Say it' }).click();
    await page.waitForTimeout(1500);
  }
  await page.screenshot({ path: `/tmp/sb-shots/playground-${width}.png`, fullPage: true });
  const r = await new AxeBuilder({ page }).analyze();
  console.log(width, 'axe', r.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(' | ')}`));
  await page.getByRole('button', { name: 'Hang up' }).click();
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/sb-shots/playground-ended-${width}.png`, fullPage: false });
  await context.close();
}
await browser.close();
