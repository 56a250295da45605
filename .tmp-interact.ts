import { chromium } from 'playwright-core';
const base = 'http://localhost:3500';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--autoplay-policy=no-user-gesture-required'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: base });
await context.request.post('/api/session/login', { data: { email: 'supervisor@switchboard.demo', password: 'demo-pass-2026' }, headers: { origin: base } });
const page = await context.newPage();
page.on('pageerror', (e) => console.log('PAGE ERROR', e.message));
// 1. recording in step with the transcript
await page.goto('/calls/2f361659-72f3-4514-ae8e-b6337a276bba', { waitUntil: 'networkidle' });
await page.getByRole('button', { name: 'Play from 0:12' }).click();
await page.waitForTimeout(2000);
const current = await page.locator('li[aria-current="true"]').innerText().catch(() => 'none');
console.log('current line after seeking to 0:12:', current.replace(/\n/g, ' | '));
const t = await page.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime);
console.log('audio time', t.toFixed(1));
await page.screenshot({ path: '/tmp/sb-shots/recording-sync.png' });
// 2. live call grows
const api = context.request;
const started = await (await api.post('/api/simulator/calls', { data: { organizationId: 'e3705c7e-bee4-42c3-8f73-6cf75ab44708', from: '+18605550111' }, headers: { origin: base } })).json();
console.log('simulated call', started.callId, started.agentText?.slice(0, 40));
// the list shows it live
await page.goto('/calls', { waitUntil: 'networkidle' });
console.log('live badges in list:', await page.getByText('Live', { exact: true }).count());
const second = await (await api.post('/api/simulator/calls', { data: { organizationId: 'e3705c7e-bee4-42c3-8f73-6cf75ab44708', from: '+18605550112' }, headers: { origin: base } })).json();
await page.waitForTimeout(4000);
console.log('list has the new live call without reload:', await page.getByText('(860) 555-0112').count());
await page.goto(`/calls/${started.callId}`, { waitUntil: 'networkidle' });
const before = await page.locator('#call-transcript-heading ~ * li, ol[aria-labelledby="call-transcript-heading"] li').count();
await api.post(`/api/simulator/calls/${started.callId}/turns`, { data: { text: 'What are your hours on Friday?' }, headers: { origin: base } });
await page.waitForTimeout(4000);
const after = await page.locator('ol[aria-labelledby="call-transcript-heading"] li').count();
console.log('live transcript lines', before, '→', after);
await page.screenshot({ path: '/tmp/sb-shots/live-call.png' });
await api.post(`/api/simulator/calls/${started.callId}/hangup`, { headers: { origin: base } });
await api.post(`/api/simulator/calls/${second.callId}/hangup`, { headers: { origin: base } });
// 4. not found
for (const p of ['/calls/00000000-0000-4000-8000-000000000000', '/calls/not-a-call', '/calls/00000000-0000-4000-8000-000000000000/chat-context']) {
  await page.goto(p, { waitUntil: 'networkidle' });
  console.log(p, '→', await page.getByRole('heading', { level: 1 }).innerText());
}
await page.screenshot({ path: '/tmp/sb-shots/not-found.png' });
await browser.close();
