import { expect as baseExpect, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoAxeViolations } from './handoffs-steps';

/**
 * A patient books a time on the web (issue 31 §4): on /request-appointment at Maple Street they
 * choose "Pick a time", a flu shot, the first open time (held for them), give who they are and
 * their details as in any request, book it, and see the booked time on the success page with
 * its calendar file. The visit is on the staff's calendar (channel web) linked to a scheduled
 * request, and the confirmation e-mail went out.
 */

async function saved(page: Page, action: () => Promise<void>): Promise<void> {
  await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/public/appointment-requests/draft') && r.request().method() === 'PATCH' && r.ok()), action()]);
}

test('a patient picks an open time, gives their details, books it and sees it on the success page', async ({ page, admin }) => {
  test.setTimeout(90_000);
  const lastName = `Booker${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 6)}`;
  const email = `e2e-booker-${Date.now().toString(36)}@example.test`;

  await page.goto('/request-appointment?org=maple-street');
  await expect(page.getByRole('heading', { level: 1, name: 'Maple Street Family Practice' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How would you like to book?' })).toBeVisible();
  await expectNoAxeViolations(page, '/request-appointment?org=maple-street with booking');
  await page.getByRole('link', { name: 'Pick a time' }).click();

  // ── pick a time ──────────────────────────────────────────────────────────────────────────
  await expect(page).toHaveURL(/\/request-appointment\/time\?org=maple-street$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pick a time' })).toBeVisible();
  await page.getByRole('radio', { name: /Flu shot/ }).check();
  await expect(page.getByText(/Times are in the practice’s time zone \((EST|EDT)\)\./)).toBeVisible();
  const times = page.getByRole('region', { name: /^Open times on / });
  await expect(times).toBeVisible();
  await expectNoAxeViolations(page, '/request-appointment/time');
  const first = times.getByRole('button').first();
  const chosen = (await first.getAttribute('aria-label'))!;
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  const choice = page.getByRole('region', { name: 'Your choice' });
  await expect(choice.getByText('We keep this time for you for 10 minutes while you give your details.')).toBeVisible();
  const clinician = /, with ([^,]+)/.exec(chosen)![1]!;
  await expect(choice).toContainText(`Flu shot · 10 minutes · with ${clinician}`);
  await choice.getByRole('button', { name: 'Continue with this time' }).click();

  // ── step 1, with the held time above it ──────────────────────────────────────────────────
  await expect(page).toHaveURL(/\/request-appointment\/start$/);
  const held = page.getByRole('region', { name: 'Your time' });
  await expect(held).toContainText(/Kept for you until .*\. Send your details before then to book it\./);
  const when = (await page.getByTestId('held-time').textContent())!.trim();
  await page.getByLabel('First name').fill('Rosa');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Date of birth').fill('06/21/1984');
  await page.getByLabel('Phone number').fill('(860) 555-0163');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Email').blur();
  await saved(page, () => page.getByLabel('No, I am a new patient').check());
  await saved(page, async () => void (await page.getByLabel('Reason for your visit').selectOption('Vaccination')));
  await page.getByRole('button', { name: 'Continue' }).click();

  // ── step 2: details, no preferred days (the time is chosen) ──────────────────────────────
  await expect(page).toHaveURL(/\/request-appointment\/finish$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible();
  await expect(page.getByText('Preferred days')).toHaveCount(0);
  await saved(page, () => page.getByLabel(/may contact me/).check());
  await expectNoAxeViolations(page, '/request-appointment/finish with a held time');
  await page.getByRole('button', { name: 'Review your request' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check and send' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your appointment' })).toContainText(when);
  await page.getByRole('button', { name: 'Book appointment' }).click();

  // ── the success page: the booked time ────────────────────────────────────────────────────
  await expect(page).toHaveURL(/\/request-appointment\/success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Appointment booked' })).toBeVisible();
  await expect(page.getByTestId('booked-time')).toHaveText(when);
  await expect(page.getByTestId('booked-clinician')).toHaveText(clinician);
  await expect(page.getByTestId('booked-place')).toContainText('Maple Street clinic');
  const reference = (await page.getByTestId('reference-code').textContent())!.trim();
  baseExpect(reference).toMatch(/^[A-Z0-9]{3}-[A-Z0-9]{4}$/);
  await expect(page.getByText(`We sent a confirmation with the calendar file to ${email}.`)).toBeVisible();
  await expectNoAxeViolations(page, '/request-appointment/success with a booked time');
  baseExpect(page.url()).not.toMatch(/Flu|Vaccin|1984/);

  // The calendar file downloads from the link.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Add to my calendar (.ics)' }).click()]);
  baseExpect(download.suggestedFilename()).toBe(`appointment-${reference.toLowerCase()}.ics`);
  const ics = await page.request.get('/api/public/appointment-requests/submitted/visit.ics');
  baseExpect(ics.headers()['content-type']).toMatch(/^text\/calendar/);
  baseExpect(await ics.text()).toMatch(/BEGIN:VEVENT[\s\S]*DTSTART:\d{8}T\d{6}Z/);

  // ── what was stored: a booked visit (web) on the staff's calendar, linked to a scheduled request ─
  const session = (await (await admin.api.get('/api/session')).json()) as { organizations: { id: string; slug: string }[] };
  const maple = session.organizations.find((o) => o.slug === 'maple-street')!;
  const date = /^(\d{4}-\d{2}-\d{2})T/.exec((await (await page.request.get('/api/public/appointment-requests/submitted/visit')).json()).visit.startLocal)![1]!;
  const day = (await (await admin.api.get(`/api/organizations/${maple.id}/visits`, { params: { date } })).json()) as {
    items: { status: string; channel: string; appointmentRequestId: string | null; patient: { lastName: string } | null }[];
  };
  const visit = day.items.find((v) => v.patient?.lastName === lastName);
  baseExpect(visit).toMatchObject({ status: 'booked', channel: 'web', appointmentRequestId: expect.any(String) });
  await expect.poll(async () => (await admin.outbox({ recipient: email, template: 'appointment-scheduled' })).length, { message: 'the confirmation e-mail' }).toBe(1);
});
