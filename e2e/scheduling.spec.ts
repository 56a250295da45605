import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectStatus, newApiContext } from './support/api';
import { DEMO_PASSWORD, DEMO_USERS } from './support/env';
import { expect as baseExpect, signIn, test } from './support/fixtures';
import { sentMessages } from './support/sent-messages';
import { expectNoAxeViolations } from './handoffs-steps';

/** Generous waits: the journey runs on a shared, loaded machine (what is checked is unchanged). */
const expect = baseExpect.configure({ timeout: 20_000 });

/** The id of the newest open handoff about `contactName` that `match` accepts (through the staff API). */
async function openHandoffOf(api: APIRequestContext, contactName: string, match: (h: { id: string; type: string; reason: string }) => boolean): Promise<string> {
  let id = '';
  await expect
    .poll(async () => {
      for (let page = 1; page <= 5 && !id; page++) {
        const res = await api.get(`/api/handoffs?tab=open&pageSize=100&page=${page}`);
        await expectStatus(res, 200, 'GET /api/handoffs');
        const items = ((await res.json()) as { items: { id: string; type: string; reason: string; contactName: string | null }[] }).items;
        id = items.find((h) => h.contactName === contactName && match(h))?.id ?? '';
        if (items.length < 100) break;
      }
      return id;
    }, { message: `an open handoff about ${contactName}` })
    .not.toBe('');
  return id;
}

async function openQueue(page: Page): Promise<void> {
  await page.goto('/handoffs');
  await expect(page.getByRole('heading', { level: 1, name: 'Handoffs' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('status', { name: 'Loading handoffs' })).toHaveCount(0);
}

/**
 * Scheduling a request is a real step (issue 19 §3): the front desk sees what the patient asked
 * for and the office hours, picks a suggested slot (after being warned about a Saturday), records
 * length, place and clinician; the patient sees the visit in the portal, saves it to a calendar
 * and asks for another time, which reaches the front desk's queue.
 */
test('schedule a request with a suggested slot, then the patient sees the visit, downloads the .ics and asks for another time', async ({ browser, admin }) => {
  test.setTimeout(300_000);
  const lastName = `Visit${Date.now().toString(36).replace(/\d/g, '')}`;
  const email = `e2e-visit-${Date.now().toString(36)}@example.test`;
  const patientApi = await newApiContext();
  const staffContext = await browser.newContext();
  const patientContext = await browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
  try {
    // ── the front desk schedules it ───────────────────────────────────────────────────────
    const staff = await staffContext.newPage();
    await signIn(staff, DEMO_USERS.agent.email, DEMO_PASSWORD);
    await expectStatus(await patientApi.post('/api/public/appointment-requests/draft', { data: { organization: 'maple-street' } }), 200, 'start draft');
    await expectStatus(
      await patientApi.put('/api/public/appointment-requests/draft/step-1', {
        data: { firstName: 'Tess', lastName, dateOfBirth: '1979-02-03', phone: '(860) 555-0163', email, isNewPatient: false, reason: 'Follow-up', reasonOther: '' },
      }),
      200,
      'step 1',
    );
    await expectStatus(
      await patientApi.put('/api/public/appointment-requests/draft/step-2', {
        data: { preferredDays: ['tue', 'thu'], timesOfDay: ['morning'], notes: 'Tuesday or Thursday mornings, before work', consentToContact: true },
      }),
      200,
      'step 2',
    );
    await expectStatus(await patientApi.post('/api/public/appointment-requests/draft/submit', { data: {} }), 200, 'submit');
    // The demo's queue holds 150 older handoffs, so the journey opens this one by its id, as a link would.
    await openQueue(staff);
    const handoffId = await openHandoffOf(admin.api, `Tess ${lastName}`, (h) => h.type === 'appointment_request');
    await staff.goto(`/handoffs/${handoffId}`);
    await expect(staff.getByRole('heading', { level: 1, name: `Tess ${lastName}` })).toBeVisible();
    await staff.getByRole('button', { name: 'Claim', exact: true }).click();
    await expect(staff.getByText('Assigned to you')).toBeVisible();
    await staff.getByRole('button', { name: 'Schedule', exact: true }).click();
    const dialog = staff.getByRole('dialog', { name: 'Schedule the appointment' });
    await expect(dialog.getByTestId('patient-preferences')).toHaveText('Tue, Thu · morning');
    await expect(dialog.getByText('“Tuesday or Thursday mornings, before work”')).toBeVisible();
    await expect(dialog.getByTestId('office-hours')).toContainText('Mon–Fri');
    const suggestions = dialog.getByRole('button', { pressed: false });
    await expect(suggestions.first()).toHaveText(/^(Tue|Thu), /);

    const saturday = new Date(Date.now() + 9 * 86_400_000);
    while (saturday.getUTCDay() !== 6) saturday.setUTCDate(saturday.getUTCDate() + 1);
    await dialog.getByLabel('Date').fill(saturday.toISOString().slice(0, 10));
    await dialog.getByLabel(/^Time/).fill('10:00');
    await expect(dialog.getByTestId('slot-warning')).toContainText('not a day the patient asked for');
    await expectNoAxeViolations(staff, 'the scheduling dialog with a warning');

    const suggested = (await suggestions.first().textContent())!;
    await suggestions.first().click();
    await expect(dialog.getByRole('button', { name: suggested })).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByTestId('slot-warning')).toHaveCount(0);
    await dialog.getByLabel('Length').selectOption('45');
    await dialog.getByLabel('Location').fill('Suite 200');
    await dialog.getByLabel('Clinician').fill('Dr. Amara Rivera');
    await dialog.getByRole('button', { name: 'Schedule and notify' }).click();
    await expect(dialog).toBeHidden();
    await expect(staff.getByText('45 minutes, with Dr. Amara Rivera, at Suite 200')).toBeVisible();

    // ── the patient sees the visit in the portal ──────────────────────────────────────────
    const page = await patientContext.newPage();
    await page.goto('/portal?org=maple-street');
    await page.getByLabel('Email or phone number').fill(email);
    await page.getByLabel('Date of birth').fill('1979-02-03');
    await page.getByRole('button', { name: 'Send me a code' }).click();
    let code = '';
    await expect
      .poll(async () => {
        const [message] = await sentMessages(email, 'portal-sign-in-code');
        code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1] ?? '';
        return code;
      }, { message: 'the sign-in code sent by email' })
      .toMatch(/^\d{6}$/);
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Tess' })).toBeVisible();
    const visit = page.getByRole('region', { name: 'Your visit' });
    await expect(visit.getByTestId('scheduled-time')).toContainText(suggested.split(' · ')[1]!);
    await expect(visit).toContainText('45 minutes');
    await expect(visit.getByTestId('visit-place')).toHaveText(/^Suite 200, .*Maple Street/);
    await expect(visit).toContainText('Dr. Amara Rivera');
    await expectNoAxeViolations(page, '/portal with a scheduled visit at 390 px');

    const [download] = await Promise.all([page.waitForEvent('download'), visit.getByRole('link', { name: 'Add to my calendar (.ics)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^appointment-[a-z0-9-]+\.ics$/);
    const ics = fs.readFileSync((await download.path())!, 'utf8');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain('DURATION:PT45M');
    expect(ics.replace(/\r\n[ \t]/g, '')).toContain('LOCATION:Suite 200\\, ');

    await visit.getByRole('button', { name: 'Ask for another time' }).click();
    await visit.getByLabel('Which days and times would suit you?').fill('A Thursday after 10 would be easier');
    await visit.getByRole('button', { name: 'Send to the practice' }).click();
    await expect(visit.getByText(/You asked for another time on/)).toBeVisible();
    await expect(visit.getByRole('button', { name: 'Ask for another time' })).toHaveCount(0);

    // ── the front desk has the ask, in the patient's words ───────────────────────────────
    const askId = await openHandoffOf(admin.api, `Tess ${lastName}`, (h) => h.id !== handoffId && h.reason.includes('A Thursday after 10 would be easier'));
    await staff.goto(`/handoffs/${askId}`);
    await expect(staff.getByText(/Asks for another time instead of .*A Thursday after 10 would be easier/).first()).toBeVisible();
    await expect(staff.getByRole('button', { name: 'Move to another time' })).toBeVisible();
  } finally {
    await patientApi.dispose();
    await staffContext.close();
    await patientContext.close();
  }
});
