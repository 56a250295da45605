import fs from 'node:fs';
import { expectStatus, newApiContext } from './support/api';
import { DEMO_PASSWORD, DEMO_USERS } from './support/env';
import { expect, signIn, test } from './support/fixtures';
import { expectNoAxeViolations, organizationId } from './handoffs-steps';

/**
 * The outbound journey (issue 16 §6): a supervisor uploads a CSV, fixes a bad row in the preview,
 * runs the campaign on the built-in simulator, watches it progress live, opens a contact's call and
 * exports the results; then calls a handoff's contact back from the handoff.
 *
 * Nobody is called outside 08:00–21:00 in their own time zone, and the journey runs at any hour:
 * the contacts carry a time zone where it is midday-ish now. The simulator answers by the last
 * digit of the number (0–2 say yes, 3 declines, 5 no answer, 7 voicemail).
 */

const ZONES = ['Pacific/Kiritimati', 'Pacific/Auckland', 'Asia/Tokyo', 'Asia/Bangkok', 'Asia/Dubai', 'Europe/Berlin', 'Atlantic/Azores', 'America/Sao_Paulo', 'America/New_York', 'America/Denver', 'America/Los_Angeles', 'Pacific/Honolulu'];

/** A zone whose local hour now is between 10 and 18 (one always is: they are 1–3 hours apart). */
function daytimeZone(): string {
  const hourIn = (zone: string) => Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
  const zone = ZONES.find((z) => hourIn(z) >= 10 && hourIn(z) <= 18);
  if (!zone) throw new Error('no daytime zone in the list');
  return zone;
}

test('a supervisor runs a campaign from a CSV on the simulator, fixes a bad row, watches it, opens a call, exports the results; and calls back a handoff', async ({ page, admin }) => {
  test.setTimeout(150_000);
  const zone = daytimeZone();
  const stamp = Date.now().toString(36);
  const csv = [
    'First name;Last name;Mobile;Time zone;Appointment',
    `Ada;Lovelace;(860) 555-0120;${zone};Monday 9:00`,
    `Bob;Builder;12345;${zone};Tuesday 10:00`,
    `Cy;Young;(860) 555-0127;${zone};Wednesday 11:00`,
    `Di;Prince;(860) 555-0125;${zone};Thursday 12:00`,
  ].join('\r\n');

  await signIn(page, DEMO_USERS.supervisor.email, DEMO_PASSWORD, { path: '/login?next=/outbound?tab=campaigns' });
  await expect(page.getByText(/Calls are placed by: Simulator/).first()).toBeVisible();
  await expectNoAxeViolations(page, '/outbound (campaigns)');
  await page.getByRole('link', { name: 'New campaign from a CSV' }).first().click();

  // Upload → columns (suggested) → rows.
  await expect(page.getByLabel(/Contacts file/)).toBeVisible();
  // The demo supervisor works in two practices: the picker is shown.
  await page.getByLabel('Organization').selectOption({ label: 'Maple Street Family Practice' });
  await page.getByLabel(/Contacts file/).setInputFiles({ name: `reminders-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Read the file' }).click();
  await expect(page.getByRole('heading', { name: 'Columns' })).toBeVisible();
  await expect(page.getByLabel(/Phone number/)).toHaveValue('Mobile');
  await page.getByRole('button', { name: 'Check the rows' }).click();
  await expect(page.getByText('"12345" is not a valid phone number for US.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, 'the campaign preview with a refused row');

  // Fix the bad row in the preview: the corrected file is checked again.
  await page.getByRole('button', { name: 'Fix row 3' }).click();
  const fix = page.getByRole('form', { name: 'Fix row 3' });
  await fix.getByLabel('Mobile').fill('(860) 555-0121');
  await fix.getByRole('button', { name: 'Save and check again' }).click();
  await expect(page.getByText('Every row can be imported')).toBeVisible();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  // Settings: any hour of the callee's day, every day, one attempt each.
  await page.getByLabel('Campaign name').fill(`E2E reminders ${stamp}`);
  await page.getByLabel('From').fill('00:00');
  await page.getByLabel('Until').fill('23:59');
  for (const day of ['Saturday', 'Sunday']) await page.getByRole('checkbox', { name: day }).check();
  await page.getByLabel('Maximum attempts').fill('1');
  await page.getByLabel('Minutes between attempts').fill('5');
  await page.getByLabel('Calls at once').fill('4');
  await page.getByRole('button', { name: 'Create the campaign' }).click();

  // The campaign page: progress moves live until every contact is done.
  await expect(page).toHaveURL(/\/outbound\/campaigns\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: `E2E reminders ${stamp}` })).toBeVisible();
  const progress = page.getByRole('progressbar', { name: 'Contacts done' });
  await expect(progress).toHaveAttribute('aria-valuemax', '4');
  await expect(progress).toHaveAttribute('aria-valuenow', '4', { timeout: 90_000 });
  await expect(page.getByTestId('progress-done')).toHaveText('4');
  await expect(page.getByTestId('progress-voicemail')).toHaveText('1');
  await expect(page.getByTestId('progress-noAnswer')).toHaveText('1');
  await expect(page.getByTestId('campaign-status')).toHaveText('Completed');
  await expectNoAxeViolations(page, 'the campaign page');

  // Export the results (formula-safe CSV from the server).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export results (CSV)' }).click()]);
  const results = fs.readFileSync((await download.path())!, 'utf8');
  expect(results).toContain('Ada Lovelace');
  expect(results).toContain('+18605550121');

  // Open a contact's call.
  await page.getByRole('link', { name: 'Open the call to Ada Lovelace' }).click();
  await expect(page).toHaveURL(/\/calls\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Outbound', { exact: false }).first()).toBeVisible();

  // Call back from a handoff: a call through the same queue, its state on the handoff.
  const res = await admin.api.post('/api/handoffs', {
    data: { organizationId: await organizationId(admin.api), type: 'callback', priority: 'normal', reason: 'Please call back about the results', contactName: `E2E call-back ${stamp}`, contactPhone: '+18605550122' },
  });
  await expectStatus(res, 201, 'POST /api/handoffs');
  const handoffId = ((await res.json()) as { handoff: { id: string } }).handoff.id;
  await page.goto(`/handoffs/${handoffId}`);
  await page.getByRole('button', { name: 'Call back now' }).click();
  const callBack = page.getByTestId('handoff-call-back').first();
  await expect(callBack).toBeVisible();
  await expect(callBack.getByText(/Scheduled|Queued|Dialling|On the call|Done|No answer/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'A call-back is under way' }).or(page.getByRole('button', { name: 'Call back now' }))).toBeVisible();

  // The other sections, checked by axe as the journey leaves.
  for (const tab of ['single', 'do-not-call']) {
    await page.goto(`/outbound?tab=${tab}`);
    await expect(page.getByRole('tab', { selected: true })).toHaveText(tab === 'single' ? 'Single calls' : 'Do-not-call list');
    await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
    await expectNoAxeViolations(page, `/outbound?tab=${tab}`);
  }
});

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

test('a supervisor narrows the calling window; an agent finds a patient by name, calls them, and is told the call waits for the window', async ({ page, browser, admin }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  // A last name of letters only, so the search reads it as a name.
  const lastName = `Outbound${stamp.replace(/\d/g, '')}`;
  const maple = await organizationId(admin.api);
  const settingsUrl = `/api/organizations/${maple}/outbound-settings`;

  // A patient of Maple Street, made the way patients are: by an appointment request from the web.
  const patient = await newApiContext();
  await expectStatus(await patient.post('/api/public/appointment-requests/draft', { data: { organization: 'maple-street' } }), 200, 'start draft');
  await expectStatus(
    await patient.put('/api/public/appointment-requests/draft/step-1', {
      data: { firstName: 'Rosa', lastName, dateOfBirth: '1984-03-09', phone: '(860) 555-0172', email: `e2e-outbound-${stamp}@example.test`, isNewPatient: true, reason: 'Follow-up', reasonOther: '' },
    }),
    200,
    'step 1',
  );
  await expectStatus(await patient.put('/api/public/appointment-requests/draft/step-2', { data: { preferredDays: ['tue'], timesOfDay: ['morning'], consentToContact: true } }), 200, 'step 2');
  await expectStatus(await patient.post('/api/public/appointment-requests/draft/submit', { data: {} }), 200, 'submit');
  await patient.dispose();

  // Only one weekday, three days ahead: whatever the hour, "now" is outside the window in every US zone.
  const day = ((new Date().getUTCDay() + 6 + 3) % 7) + 1;
  try {
    await signIn(page, DEMO_USERS.supervisor.email, DEMO_PASSWORD, { path: '/login?next=/outbound?tab=settings' });
    await expect(page.getByRole('heading', { name: 'Calling settings' })).toBeVisible();
    await page.getByLabel('Organization').selectOption({ label: 'Maple Street Family Practice' });
    await page.getByLabel('From').fill('08:00');
    await page.getByLabel('Until').fill('07:00');
    await page.getByRole('button', { name: 'Save the settings' }).click();
    await expect(page.getByText('The window must end after it starts (same day).')).toBeVisible();
    await page.getByLabel('Until').fill('21:00');
    for (const [i, name] of WEEKDAY_NAMES.entries()) await page.getByRole('checkbox', { name }).setChecked(i + 1 === day);
    await page.getByLabel(/Outbound calls at once/).fill('3');
    await page.getByRole('button', { name: 'Save the settings' }).click();
    await expect(page.getByText('Calling settings saved').first()).toBeVisible();
    await expectNoAxeViolations(page, '/outbound?tab=settings');
    const stored = await (await admin.api.get(settingsUrl)).json();
    expect(stored).toMatchObject({ window: { start: '08:00', end: '21:00', days: [day] }, concurrency: 3, effectiveConcurrency: 3 });

    // The agent: find the patient with the keyboard; the number and name are filled in.
    const agentContext = await browser.newContext();
    const agent = await agentContext.newPage();
    await signIn(agent, DEMO_USERS.agent.email, DEMO_PASSWORD, { path: '/login?next=/outbound' });
    const box = agent.getByRole('combobox', { name: /Patient/ });
    await box.fill(lastName.toLowerCase());
    await expect(agent.getByRole('option', { name: new RegExp(`Rosa ${lastName}`) })).toBeVisible();
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(agent.getByTestId('linked-patient')).toHaveText(`Rosa ${lastName}`);
    await expect(agent.getByLabel(/Phone number/)).toHaveValue('(860) 555-0172');
    await expect(agent.getByLabel(/^Name/)).toHaveValue(`Rosa ${lastName}`);
    // In the practice's zone and clock, its zone named when it is not the browser's (issue 28).
    await expect(agent.getByText(/^Will be placed \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M( E[SD]T)?$/)).toBeVisible();
    await expectNoAxeViolations(agent, '/outbound single call with a linked patient');
    await agent.getByLabel('Purpose').selectOption('recall');
    await agent.getByRole('button', { name: 'Queue the call' }).click();
    await expect(agent.getByText('Call queued').first()).toBeVisible();
    const row = agent.getByRole('listitem').filter({ hasText: `Rosa ${lastName}` }).first();
    await expect(row).toContainText('(860) 555-0172');
    await expect(row).toContainText('Scheduled');

    // Stored: linked to the patient, waiting for the window's day.
    const jobs = (await (await admin.api.get('/api/outbound/jobs', { params: { kind: 'single', organizationId: maple, limit: '20' } })).json()) as { items: { contactName: string; patientId: string | null; status: string; nextAttemptAt: string; phone: string }[] };
    const job = jobs.items.find((j) => j.contactName === `Rosa ${lastName}`)!;
    expect(job).toMatchObject({ status: 'scheduled', phone: '+18605550172', patientId: expect.any(String) });
    const waitsUntil = new Date(job.nextAttemptAt);
    expect(waitsUntil.getTime()).toBeGreaterThan(Date.now() + 86_400_000);
    expect(((waitsUntil.getUTCDay() + 6) % 7) + 1).toBe(day);
    await agentContext.close();
  } finally {
    // Back to the defaults: the other journeys call Maple's numbers at any hour of the callee's day.
    await expectStatus(await admin.api.put(settingsUrl, { data: { window: { start: '08:00', end: '21:00', days: [1, 2, 3, 4, 5, 6, 7] }, concurrency: null } }), 200, 'restore the settings');
  }
});
