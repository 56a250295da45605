import { chromium } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
const base = 'http://localhost:3500';
const role = process.env.ROLE ?? 'admin';
const pages = (process.env.PAGES ?? '/overview,/calls').split(',');
const widths = (process.env.WIDTHS ?? '1280,375').split(',').map(Number);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: base });
  const login = await context.request.post('/api/session/login', { data: { email: `${role}@switchboard.demo`, password: 'demo-pass-2026' }, headers: { origin: base } });
  if (!login.ok()) throw new Error(await login.text());
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log('PAGE ERROR', e.message));
  page.on('console', (m) => { if (m.type() === 'error') console.log('CONSOLE', m.text().slice(0, 300)); });
  for (const p of pages) {
    await page.goto(p, { waitUntil: 'networkidle' }).catch(() => undefined);
    await page.waitForTimeout(Number(process.env.WAIT ?? 800));
    const name = `${role}-${p.replace(/[^a-z0-9]+/gi, '_')}-${width}`.replace(/_+/g, '_');
    await page.screenshot({ path: `/tmp/sb-shots/${name}.png`, fullPage: true });
    if (process.env.AXE !== '0') {
      const r = await new AxeBuilder({ page }).analyze();
      console.log(name, 'axe violations:', r.violations.length, r.violations.map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(' | ')}`).join('; '));
    } else console.log(name);
  }
  await context.close();
}
await browser.close();
