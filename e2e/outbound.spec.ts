import fs from 'node:fs';
import { expectStatus } from './support/api';
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
 * digit of the number (0–3 confirm, 5 no answer, 7 voicemail).
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
