import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { demoApi } from './support/api';
import { DEMO_PASSWORD, DEMO_USERS } from './support/env';
import { expect, signIn, test } from './support/fixtures';

/**
 * The calls journey (issue 4, "done when"): someone talks to the agent in Developer →
 * Playground and books an appointment request by typing; a second browser sees the call live in
 * /calls while it happens; afterwards the call has its transcript, chat context and the new
 * request.
 */

/** What a caller answers to the agent's questions, so the journey does not depend on their exact order. */
function answerTo(agent: string): string {
  const a = agent.toLowerCase();
  if (/read that back|is that (all )?(correct|right)|did i get that right/.test(a)) return "Yes, that's right.";
  if (/first and last name|your name|patient's name|who am i speaking/.test(a)) return 'Ada Lovelace';
  if (/date of birth|born/.test(a)) return 'March third nineteen eighty';
  if (/reason|what is the visit for|what's the visit for/.test(a)) return 'An annual checkup';
  if (/seen .* before|new patient|existing patient|been to/.test(a)) return "I'm a new patient.";
  if (/days|times of day|when would|what times|prefer/.test(a)) return 'Tuesday mornings';
  if (/best number|reach you|call you back on|this number/.test(a)) return 'Yes, that number is fine.';
  if (/anything else/.test(a)) return "No, that's all. Thank you, goodbye.";
  return 'I would like to book an appointment for a checkup.';
}

async function lastAgentLine(page: Page): Promise<string> {
  const lines = page.getByRole('list', { name: 'Conversation' }).getByRole('button');
  return (await lines.last().innerText()).replace(/^Agent:\s*/, '').replace(/\(show the context of this turn\)/, '');
}

test('book an appointment request in the playground; the call is live in /calls and then has its transcript, context and request', async ({ browser, page }) => {
  test.setTimeout(90_000);
  // The second browser: a supervisor watching the calls list.
  const watcher = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(watcher, DEMO_USERS.supervisor.email, DEMO_PASSWORD, { path: '/login?next=/calls' });
  await expect(watcher.getByRole('heading', { level: 1, name: 'Calls' })).toBeVisible();

  await signIn(page, DEMO_USERS.admin.email, DEMO_PASSWORD);
  await page.goto('/developer?tab=playground');
  await page.getByLabel('Organization').selectOption({ label: 'Maple Street Family Practice' });
  await page.getByLabel("Caller's number").fill('(860) 555-0166');
  await page.getByRole('button', { name: 'Start call' }).click();
  await expect(page.getByRole('list', { name: 'Conversation' })).toContainText('Maple Street Family Practice');

  // Live in the other browser, without a reload.
  const row = watcher.getByRole('row').filter({ hasText: '(860) 555-0166' }).first();
  await expect(row).toBeVisible({ timeout: 10_000 });
  await expect(row.getByText('Live', { exact: true }).last()).toBeVisible();

  const say = page.getByLabel('What the caller says');
  let booked = false;
  for (let turn = 0; turn < 14 && !booked; turn++) {
    const text = turn === 0 ? 'Hi, I would like to book an appointment for a checkup.' : answerTo(await lastAgentLine(page));
    const before = await page.getByRole('list', { name: 'Conversation' }).getByRole('button').count();
    await say.fill(text);
    await page.getByRole('button', { name: 'Say it' }).click();
    await expect(page.getByRole('list', { name: 'Conversation' }).getByRole('button')).not.toHaveCount(before);
    const reply = await lastAgentLine(page);
    booked = /reference|request (is|has been) (in|sent|submitted)|we'll call you|we will call you/i.test(reply);
    if (await page.getByText('The call has ended').isVisible()) break;
  }
  expect(booked, 'the agent confirmed the appointment request').toBe(true);
  if (await page.getByRole('button', { name: 'Hang up' }).isVisible()) await page.getByRole('button', { name: 'Hang up' }).click();
  await expect(page.getByText('The call has ended')).toBeVisible();

  // The watcher's row stops being live.
  await expect(row.getByText('Live')).toHaveCount(0, { timeout: 10_000 });

  // The call record: transcript, the new request, the chat context.
  await page.getByRole('link', { name: 'Open the call record' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Call from (860) 555-0166');
  await expect(page.getByRole('list', { name: /transcript/i })).toContainText('Ada Lovelace');
  await expect(page.getByText('Reference', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Chat context' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Chat context/);
  await expect(page.getByRole('heading', { name: 'Turn 1' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Copy the whole chat context as JSON/ })).toBeVisible();

  // And it is found by what was said.
  await page.goto('/calls?q=Lovelace');
  await expect(page.getByRole('row').filter({ hasText: '(860) 555-0166' })).toBeVisible();
  await watcher.context().close();
});

test('staff act on a call: add a note, set the outcome, create a handoff; a developer only reads', async ({ page }) => {
  const api = await demoApi('admin');
  const maple = ((await (await api.get('/api/organizations')).json()) as { items: { id: string; name: string }[] }).items.find((o) => o.name === 'Maple Street Family Practice')!;
  const started = (await (await api.post('/api/simulator/calls', { data: { organizationId: maple.id, from: '+18605550167' } })).json()) as { callId: string };
  await api.post(`/api/simulator/calls/${started.callId}/turns`, { data: { text: 'What time do you close today?' } });
  await api.post(`/api/simulator/calls/${started.callId}/hangup`);
  await api.dispose();

  await signIn(page, DEMO_USERS.supervisor.email, DEMO_PASSWORD, { path: `/login?next=/calls/${started.callId}` });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Call from (860) 555-0167');

  await page.getByLabel('Add a note').fill('Called back; all sorted.');
  await page.getByRole('button', { name: 'Add note', exact: true }).last().click();
  await expect(page.getByText('Called back; all sorted.').first()).toBeVisible();

  await page.getByRole('button', { name: 'Set outcome' }).click();
  await page.getByRole('dialog').getByLabel('Outcome').selectOption('message_taken');
  await page.getByRole('dialog').getByRole('button', { name: 'Save outcome' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Message taken').first()).toBeVisible();

  await page.getByRole('button', { name: 'Create handoff' }).click();
  await page.getByRole('dialog').getByLabel('What needs doing').fill('Send the new opening hours by text.');
  await page.getByRole('dialog').getByRole('button', { name: 'Create handoff' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Send the new opening hours by text.').first()).toBeVisible();

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  // A developer reads the same call, with no actions.
  const devContext = await page.context().browser()!.newContext();
  const dev = await devContext.newPage();
  await signIn(dev, DEMO_USERS.developer.email, DEMO_PASSWORD, { path: `/login?next=/calls/${started.callId}` });
  await expect(dev.getByRole('heading', { level: 1 })).toHaveText('Call from (860) 555-0167');
  await expect(dev.getByText('Called back; all sorted.').first()).toBeVisible();
  await expect(dev.getByRole('button', { name: 'Create handoff' })).toHaveCount(0);
  await expect(dev.getByLabel('Add a note')).toHaveCount(0);
  await devContext.close();
});

test('an unknown or foreign call id is a not-found page', async ({ page }) => {
  await signIn(page, DEMO_USERS.agent.email, DEMO_PASSWORD, { path: '/login?next=/calls/00000000-0000-4000-8000-000000000000' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Call not found');
  await expect(page.getByRole('link', { name: 'Go to all calls' })).toBeVisible();
});
