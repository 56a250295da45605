import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from './support/env';
import { expect as baseExpect, signIn, test } from './support/fixtures';

/** Generous waits: the journey runs on a shared, loaded machine (what is checked is unchanged). */
const expect = baseExpect.configure({ timeout: 15_000 });

async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => ({ rule: v.id, impact: v.impact, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  expect(summary, `axe violations on ${what}`).toEqual([]);
}

/**
 * Clinicians' calendars (issue 31 §1–2), as an administrator of Maple Street walks them: a location,
 * a visit type and a clinician with weekly hours typed in the practice's 12-hour clock, then "Book a
 * visit" from the calendar — the clinician's first open time, a new patient's details — and the
 * visit is on that day's calendar, with its details a click away.
 */
test('an admin sets up a visit type and a clinician’s hours, books a visit, and sees it on the day view', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const place = `Suite ${tag}`;
  const kind = `Travel consult ${tag}`;
  const doctor = `Dr. Ines Moreau ${tag}`;
  const patient = { first: 'Nadia', last: `Okoro${tag.replace(/\d/g, '')}` };

  await signIn(page, DEMO_USERS.admin.email, DEMO_PASSWORD);
  await page.goto('/organizations/schedules');
  await page.getByRole('navigation', { name: 'Organization pages' }).waitFor();
  await page.getByLabel('Organization', { exact: true }).selectOption({ label: 'Maple Street Family Practice' });
  await page.getByRole('link', { name: 'Clinicians’ calendars' }).click();
  await expect(page).toHaveURL(/\/organizations\/schedules\/calendars/);

  // A location.
  await page.getByRole('tab', { name: 'Locations' }).click();
  await page.getByRole('button', { name: 'Add location' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Add a location' });
  await dialog.getByLabel(/^Name/).fill(place);
  await dialog.getByRole('button', { name: 'Add location' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Change ${place}` })).toBeVisible();

  // A visit type: 30 minutes, no notice needed, staff and phone.
  await page.getByRole('tab', { name: 'Visit types' }).click();
  await page.getByRole('button', { name: 'Add visit type' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Add a visit type' });
  await dialog.getByLabel(/^Name in English/).fill(kind);
  await dialog.getByLabel(/^Name in Spanish/).fill(`Consulta de viaje ${tag}`);
  await dialog.getByLabel(/^Length/).fill('30');
  await dialog.getByLabel('Minimum notice', { exact: true }).fill('0');
  await dialog.getByLabel('Web (patients)').click();
  await dialog.getByRole('button', { name: 'Add visit type' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Change ${kind}` })).toBeVisible();

  // A clinician from outside who does it, and their week: mornings Monday to Saturday at the new suite.
  await page.getByRole('tab', { name: 'Clinicians' }).click();
  await page.getByRole('button', { name: 'Add clinician' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Add a clinician' });
  await dialog.getByLabel(/^Who/).selectOption({ label: 'Someone from outside (by name)…' });
  await dialog.getByLabel(/^Name/).fill(doctor);
  await dialog.getByLabel(/^Title/).fill('MD');
  await dialog.getByLabel(new RegExp(`^${kind}`)).click();
  await dialog.getByRole('button', { name: 'Add clinician' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: new RegExp(doctor) })).toBeVisible();

  await page.getByRole('button', { name: 'Add hours on Monday' }).click();
  await page.getByLabel('Monday, range 1: from').fill('9am');
  await page.getByLabel('Monday, range 1: until').fill('12:00 PM');
  await page.getByLabel('Monday, range 1: location').selectOption({ label: place });
  await page.getByLabel('Monday, range 1: from').press('Tab');
  await expect(page.getByLabel('Monday, range 1: from')).toHaveValue('9:00 AM');
  await page.getByRole('button', { name: 'Copy Monday to weekdays' }).click();
  await page.getByRole('button', { name: 'Add hours on Saturday' }).click();
  await page.getByLabel('Saturday, range 1: from').fill('9:00 AM');
  await page.getByLabel('Saturday, range 1: until').fill('12:00 PM');
  await page.getByLabel('Saturday, range 1: location').selectOption({ label: place });
  await page.getByRole('button', { name: 'Save hours' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(page.getByLabel('Friday, range 1: until')).toHaveValue('12:00 PM');
  await expectNoAxeViolations(page, 'a clinician’s weekly hours');

  // Book the first open time with them for a new patient.
  await page.getByRole('tab', { name: 'Calendar' }).click();
  await page.getByRole('button', { name: 'Book a visit' }).click();
  dialog = page.getByRole('dialog', { name: 'Book a visit: choose a time' });
  await dialog.getByLabel(/^Visit type/).selectOption({ label: `${kind} (30 min)` });
  await dialog.getByLabel('Clinician', { exact: true }).selectOption({ label: doctor });
  const first = dialog.getByRole('group', { name: /^(Mon|Tue|Wed|Thu|Fri|Sat), / }).first();
  const day = (await first.getAttribute('aria-labelledby'))!.replace('open-', '');
  const time = first.getByRole('button').first();
  const when = (await time.textContent())!.trim();
  await time.click();
  await expect(time).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page, 'the booking dialog’s open times');
  await dialog.getByRole('button', { name: 'Continue' }).click();

  dialog = page.getByRole('dialog', { name: 'Book a visit: the patient' });
  await expect(dialog.getByText(new RegExp(`${kind} with ${doctor} at ${place}`))).toBeVisible();
  await dialog.getByLabel(/^First name/).fill(patient.first);
  await dialog.getByLabel(/^Last name/).fill(patient.last);
  await dialog.getByLabel(/^Date of birth/).fill('1988-07-21');
  await dialog.getByLabel('Phone', { exact: true }).fill('(860) 555-0177');
  await dialog.getByLabel('No, a new patient').check();
  await dialog.getByRole('button', { name: 'Book visit' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Booked ${patient.first} ${patient.last}`)).toBeVisible();

  // The calendar moved to that day: the visit is there, and its details open on click.
  await expect(page).toHaveURL(day === (await todayAtMaple(page)) ? /calendars\?(?!.*date=)/ : new RegExp(`date=${day}`));
  const booked = page.getByRole('button', { name: new RegExp(`${patient.first} ${patient.last}, ${kind}, with ${doctor} at ${place}, booked`) });
  await expect(booked).toBeVisible();
  await expect(booked).toContainText(when);
  await expectNoAxeViolations(page, 'the day view');
  await booked.click();
  const details = page.getByRole('dialog', { name: new RegExp(`${patient.first} ${patient.last}`) });
  await expect(details).toContainText(doctor);
  await expect(details).toContainText('New patient');
  await expect(details).toContainText(/E[SD]T/);
  await details.getByRole('button', { name: 'Close' }).last().click();
  await expect(details).toBeHidden();

  // At a phone's width the day is a list, and the week editor stacks; both still pass axe.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByRole('listitem').getByRole('button', { name: new RegExp(`${patient.first} ${patient.last}`) })).toBeVisible();
  await expectNoAxeViolations(page, 'the day view at 375 px');
  await page.getByRole('tab', { name: 'Clinicians' }).click();
  await page.getByRole('button', { name: new RegExp(doctor) }).click();
  await expect(page.getByLabel('Saturday, range 1: from')).toHaveValue('9:00 AM');
  await expectNoAxeViolations(page, 'a clinician’s weekly hours at 375 px');
});

/** Today's date in Maple Street's zone (America/New_York), as the calendar's address leaves it out. */
async function todayAtMaple(page: Page): Promise<string> {
  return page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()));
}
