import { chromium } from 'playwright-core';
const BASE = 'http://127.0.0.1:3600';
const [who = 'agent', ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
for (const [w, h, mobile] of [[1280, 900, false], [375, 800, true]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, isMobile: mobile, hasTouch: mobile });
  const res = await ctx.request.post(BASE + '/api/session/login', { data: { email: `${who}@switchboard.demo`, password: 'demo-pass-2026' }, headers: { origin: BASE } });
  if (res.status() !== 200) throw new Error(await res.text());
  const page = await ctx.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
  for (const p of paths) {
    const [path, action] = p.split('#');
    await page.goto(BASE + path);
    await page.waitForTimeout(1500);
    if (action) {
      await page.getByRole('button', { name: action, exact: true }).first().click();
      await page.waitForTimeout(800);
    }
    const name = `/tmp/sb-shots/${who}-${path.replace(/[^a-z0-9]+/gi, '_')}${action ? '-' + action.replace(/\W+/g, '_') : ''}-${w}.png`;
    await page.screenshot({ path: name, fullPage: true });
    console.log(name);
  }
  await ctx.close();
}
await browser.close();
