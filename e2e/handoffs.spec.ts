import { newApiContext, expectStatus, type OutboxMessage } from './support/api';
import { DEMO_PASSWORD, DEMO_USERS } from './support/env';
import { expect, signIn, test } from './support/fixtures';
import { claimAndScheduleFromQueue, createHandoffViaApi, expectNoAxeViolations, handoffRow, openQueue } from './handoffs-steps';

test('two staff claim the same handoff at once — one wins, the other is told who has it', async ({ browser, admin }) => {
  const handoff = await createHandoffViaApi(admin.api, { label: 'race' });
  const agentContext = await browser.newContext();
  const supervisorContext = await browser.newContext();
  try {
    const agent = await agentContext.newPage();
    const supervisor = await supervisorContext.newPage();
    await signIn(agent, DEMO_USERS.agent.email, DEMO_PASSWORD);
    await signIn(supervisor, DEMO_USERS.supervisor.email, DEMO_PASSWORD);
    await Promise.all([openQueue(agent), openQueue(supervisor)]);
    const claimButtons = [agent, supervisor].map((page) => handoffRow(page, handoff.contactName).getByRole('button', { name: /^Claim/ }));
    await Promise.all(claimButtons.map((button) => expect(button).toBeVisible()));

    const answers = [agent, supervisor].map((page) => page.waitForResponse((r) => r.url().endsWith(`/api/handoffs/${handoff.id}/claim`)));
    // Dispatched rather than clicked: the demo's history is still being written while journeys run,
    // so the live queue re-sorts under the pointer and a click waits for a row that keeps moving.
    await Promise.all(claimButtons.map((button) => button.dispatchEvent('click')));
    const statuses = (await Promise.all(answers)).map((r) => r.status());
    expect(statuses.sort(), 'exactly one claim wins').toEqual([200, 409]);

    const res = await admin.api.get(`/api/handoffs/${handoff.id}`);
    await expectStatus(res, 200, 'GET /api/handoffs/:id');
    const winnerName = ((await res.json()) as { handoff: { assignee: { name: string } | null } }).handoff.assignee?.name;
    expect([DEMO_USERS.agent.name, DEMO_USERS.supervisor.name]).toContain(winnerName);
    const [winner, loser] = winnerName === DEMO_USERS.agent.name ? [agent, supervisor] : [supervisor, agent];

    await expect(loser.getByText(`Claimed by ${winnerName}`)).toBeVisible();
    await expect(winner.getByText('Claimed', { exact: true })).toBeVisible();
    await expect(winner.getByText(/Claimed by/)).toHaveCount(0);
    // Both queues now show who has it, and neither offers to claim it again.
    for (const page of [winner, loser]) {
      await expect(handoffRow(page, handoff.contactName)).toContainText(`Assigned to ${winnerName}`);
      await expect(handoffRow(page, handoff.contactName).getByRole('button', { name: /^Claim/ })).toHaveCount(0);
    }
  } finally {
    await agentContext.close();
    await supervisorContext.close();
  }
});

test('a handoff created through the API appears live in an open /handoffs page', async ({ browser, admin }) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.agent.email, DEMO_PASSWORD);
    await openQueue(page);
    const handoff = await createHandoffViaApi(admin.api, { label: 'live', priority: 'urgent', type: 'urgent' });
    const row = handoffRow(page, handoff.contactName);
    await expect(row, 'appears without a reload').toBeVisible({ timeout: 10_000 });
    await expect(row).toContainText('Urgent');
    await expect(row).toContainText(/Due in \d+ min/);
    await expectNoAxeViolations(page, '/handoffs');

    await row.getByRole('link', { name: handoff.contactName }).click();
    await expect(page.getByRole('heading', { level: 1, name: handoff.contactName })).toBeVisible();
    await expect(page.getByRole('link', { name: '(860) 555-0188' })).toHaveAttribute('href', 'tel:+18605550188');
    await expectNoAxeViolations(page, '/handoffs/:id');
  } finally {
    await context.close();
  }
});

test('staff see a web appointment request appear live, claim it and schedule it; the patient is notified', async ({ browser, admin }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const patient = await newApiContext();
  try {
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.agent.email, DEMO_PASSWORD);
    await openQueue(page);
    await expectNoAxeViolations(page, '/handoffs at 375 px');

    const lastName = `Staffjourney${Date.now().toString(36).replace(/\d/g, '')}`;
    const email = `e2e-patient-${Date.now().toString(36)}@example.test`;
    await expectStatus(await patient.post('/api/public/appointment-requests/draft', { data: { organization: 'maple-street' } }), 200, 'start draft');
    await expectStatus(
      await patient.put('/api/public/appointment-requests/draft/step-1', {
        data: { firstName: 'Jordan', lastName, dateOfBirth: '1990-05-17', phone: '(860) 555-0175', email, isNewPatient: true, reason: 'Follow-up', reasonOther: '' },
      }),
      200,
      'step 1',
    );
    await expectStatus(
      await patient.put('/api/public/appointment-requests/draft/step-2', { data: { preferredDays: ['tue', 'thu'], timesOfDay: ['morning'], consentToContact: true } }),
      200,
      'step 2',
    );
    await expectStatus(await patient.post('/api/public/appointment-requests/draft/submit', { data: {} }), 200, 'submit');

    await claimAndScheduleFromQueue(page, `Jordan ${lastName}`);
    await expectNoAxeViolations(page, '/handoffs/:id at 375 px');

    let notices: OutboxMessage[] = [];
    await expect.poll(async () => (notices = await admin.outbox({ recipient: email, template: 'appointment-scheduled' })).length).toBe(1);
    expect(notices[0]!.body).toContain('10:30 AM');
  } finally {
    await patient.dispose();
    await context.close();
  }
});
