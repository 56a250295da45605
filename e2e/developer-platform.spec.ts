import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { demoApi } from './support/api';
import { DEMO_PASSWORD, DEMO_USERS } from './support/env';
import { expect, signIn, test } from './support/fixtures';

/**
 * The developer platform journey (issue 18 §7): a developer creates an API key, copies it,
 * calls the public API with it from the page's "try it" and from the API reference's "Test
 * Request" (Scalar, with the key pasted as bearer token), adds a webhook endpoint pointing at a
 * receiver on loopback, triggers events with a simulated call, sees the deliveries in the log
 * (each verified with the standardwebhooks reference implementation), makes the receiver fail
 * and replays the failed delivery. Screenshots of the three tabs, wide and at 390 px, go to
 * the run's output folder.
 */
test('create a key, call the API with it, receive a signed webhook of a simulated call, see a delivery fail and replay it', async ({ page, context }, testInfo) => {
  // Generous: the reference is a large chunk to load and render on a loaded machine.
  test.setTimeout(240_000);
  let failing = false;
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(failing ? 500 : 204).end(failing ? 'receiver down for the test' : undefined);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/switchboard-hooks`;
  // The reference is many screens long: what the viewport shows is what can be looked at.
  const shot = async (name: string, fullPage = true) => {
    await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage });
  };

  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, DEMO_USERS.developer.email, DEMO_PASSWORD, { path: '/developer?tab=api-keys' });

    // 1. A key for Maple Street with calls and organizations read.
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByLabel('Name').fill('Journey key');
    await dialog.getByRole('checkbox', { name: 'Organizations and hours: read' }).click();
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog).toBeHidden();
    const secret = (await page.getByTestId('secret-once').innerText()).trim();
    expect(secret).toMatch(/^sb_[a-z0-9]{8}_/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expect(page.getByRole('list', { name: 'API keys' }).getByText('Journey key')).toBeVisible();

    // 2. Try it: the key is filled in; the API answers.
    await page.getByLabel('Request').selectOption('/api/v1/organizations');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('try-it-status')).toHaveText('200');
    await expect(page.getByText('Maple Street Family Practice').last()).toBeVisible();
    await shot('api-keys-wide');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('api-keys-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // 2b. The API reference: the key pasted as bearer token into its "Test Request" client. The
    // renderer is bundled with the app; anything it tried to fetch elsewhere would be a CSP report.
    const cspViolations: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('Content Security Policy')) cspViolations.push(m.text());
    });
    await page.getByRole('tab', { name: 'API reference' }).click();
    const reference = page.getByTestId('api-reference');
    await expect(reference.getByRole('heading', { name: 'Switchboard public API' })).toBeVisible({ timeout: 60_000 });
    await shot('reference-wide', false);
    await reference.getByLabel('Bearer Token').first().click();
    await page.keyboard.press('ControlOrMeta+V');
    await expect(reference.getByLabel('Bearer Token').first()).toHaveValue(secret);
    await reference.getByRole('button', { name: /^organizations/ }).click();
    // Samples in curl, JavaScript and Python only.
    await reference.getByRole('button', { name: 'Shell Curl' }).first().click();
    await expect(page.getByRole('option')).toHaveText(['Fetch', 'Requests', 'Curl']);
    await page.keyboard.press('Escape');
    await reference.getByRole('button', { name: 'Test Request (get /api/v1/organizations)' }).click();
    const client = page.getByRole('dialog');
    await client.getByRole('button', { name: /^Send get request/ }).click();
    await expect(client.getByText('200 OK')).toBeVisible({ timeout: 15_000 });
    await expect(client.getByText('"Maple Street Family Practice"').first()).toBeVisible();
    await shot('reference-try-it', false);
    await client.getByRole('button', { name: 'Close Client' }).click();
    await expect(client).toBeHidden();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(reference.getByRole('heading', { name: 'Switchboard public API' })).toBeVisible();
    await shot('reference-390', false);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(cspViolations).toEqual([]);

    // 3. A webhook endpoint at the loopback receiver.
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const add = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await add.getByLabel('Address (URL)').fill(hookUrl);
    // Only the call events (the demo's background seeding writes requests and handoffs meanwhile).
    await expect(add.getByRole('checkbox', { name: 'outbound.call.completed' })).toBeChecked();
    await expect(add.getByRole('checkbox', { name: 'campaign.completed' })).toBeChecked();
    await add.getByLabel('Address (URL)').scrollIntoViewIfNeeded();
    await shot('webhook-events-wide');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('webhook-events-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const type of ['handoff.created', 'handoff.resolved', 'appointment_request.submitted', 'appointment_request.status_changed', 'intake.submitted', 'outbound.call.completed', 'campaign.completed']) {
      await add.getByRole('checkbox', { name: type }).click();
    }
    await add.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(add).toBeHidden();
    const signingSecret = (await page.getByTestId('secret-once').innerText()).trim();
    expect(signingSecret).toMatch(/^whsec_/);

    // 4. A simulated call sends call.started and call.completed.
    const api = await demoApi('developer');
    const orgs = ((await (await api.get('/api/organizations')).json()) as { items: { id: string; name: string }[] }).items;
    const maple = orgs.find((o) => o.name === 'Maple Street Family Practice')!;
    const call = (await (await api.post('/api/simulator/calls', { data: { organizationId: maple.id, from: '+18605550188' } })).json()) as { callId: string };
    await api.post(`/api/simulator/calls/${call.callId}/turns`, { data: { text: 'What time do you close today?' } });
    await api.post(`/api/simulator/calls/${call.callId}/hangup`);
    await api.dispose();
    // The demo seed may be writing calls too: this call's events are picked by its id.
    const ofThisCall = () => received.filter((r) => (JSON.parse(r.body) as { data: { callId?: string } }).data.callId === call.callId);
    await expect.poll(() => ofThisCall().map((r) => JSON.parse(r.body).type).sort(), { timeout: 30_000 }).toEqual(['call.completed', 'call.started']);
    const wh = new Webhook(signingSecret);
    // Every delivery, this call's and any other, verifies with the reference implementation.
    for (const r of received) wh.verify(r.body, r.headers as Record<string, string>);

    // 5. The deliveries in the log.
    await page.getByRole('button', { name: 'Deliveries' }).click();
    const rows = page.getByTestId('delivery-row');
    await expect(rows.filter({ hasText: 'call.completed' }).getByText('succeeded').first()).toBeVisible({ timeout: 15_000 });
    await expect(rows.filter({ hasText: 'call.started' }).getByText('succeeded').first()).toBeVisible();

    // 6. The receiver fails: a test event is refused and waits for its retry.
    failing = true;
    await page.getByRole('button', { name: 'Send test event' }).click();
    // The log filtered to the test event (the demo seed's calls keep arriving).
    await page.getByLabel('Event').selectOption('webhook.test');
    const testRow = rows.filter({ hasText: 'webhook.test' });
    await expect(testRow.getByText('HTTP 500')).toBeVisible({ timeout: 15_000 });
    await expect(testRow.getByText('pending')).toBeVisible();
    await testRow.getByRole('button', { name: /Details/ }).click();
    const details = page.getByRole('dialog');
    await expect(details.getByText('receiver down for the test')).toBeVisible();
    await shot('webhooks-failed-delivery');
    await page.keyboard.press('Escape');

    // 7. Fixed: replay it now.
    failing = false;
    await testRow.getByRole('button', { name: 'Replay the webhook.test delivery' }).click();
    await expect(testRow.getByText('succeeded')).toBeVisible({ timeout: 15_000 });
    const tests = received.filter((r) => JSON.parse(r.body).type === 'webhook.test');
    const last = tests[tests.length - 1]!;
    expect((wh.verify(last.body, last.headers as Record<string, string>) as { type: string }).type).toBe('webhook.test');
    await shot('webhooks-wide');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('webhooks-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('tab', { name: 'System' }).click();
    await expect(page.getByText('Workers alive')).toBeVisible();
    await shot('system-wide');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('system-390');
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
