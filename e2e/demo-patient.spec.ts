import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoAxeViolations } from './handoffs-steps';
import { sentMessages } from './support/sent-messages';

/**
 * Issue 30 §4: the demo patient of each practice (listed with the demo sign-in) signs in to the
 * portal with the e-mail address and date of birth, and finds a scheduled visit, a request in
 * review with the practice's message, and intake forms to fill.
 */

const PATIENTS = [
  { slug: 'maple-street', email: 'patient@maple-street.demo', dateOfBirth: '1984-03-14', firstName: 'Jordan', clinician: 'Dr. Nina Patel', message: 'Dr. Patel would like to see you' },
  { slug: 'harbor-pediatrics', email: 'patient@harbor-pediatrics.demo', dateOfBirth: '2019-06-21', firstName: 'Mia', clinician: 'Dr. Sam Okafor', message: 'Mia could have her flu shot' },
  { slug: 'camden-road', email: 'patient@camden-road.demo', dateOfBirth: '1990-11-08', firstName: 'Harriet', clinician: 'Dr Amelia Hart', message: 'Our practice nurse needs to know' },
] as const;

/** Signs in at /portal?org=… with the code e-mailed to the patient (what the demo prints on its terminal). */
async function signInToPortal(page: Page, p: (typeof PATIENTS)[number]): Promise<void> {
  const before = (await sentMessages(p.email, 'portal-sign-in-code')).length;
  await page.goto(`/portal?org=${p.slug}`);
  await expect(page.getByLabel('Practice')).toHaveValue(p.slug);
  await page.getByLabel('Email or phone number').fill(p.email);
  await page.getByLabel('Date of birth').fill(p.dateOfBirth);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
  let code = '';
  await expect
    .poll(
      async () => {
        const messages = await sentMessages(p.email, 'portal-sign-in-code');
        code = messages.length > before ? (/\b(\d{6})\b/.exec(messages[0]!.body)?.[1] ?? '') : '';
        return code;
      },
      { message: `the sign-in code sent to ${p.email}` },
    )
    .toMatch(/^\d{6}$/);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${p.firstName}` })).toBeVisible();
}

for (const p of PATIENTS) {
  test(`the demo patient of ${p.slug} finds a scheduled visit, a request in review with a message, and intake forms to fill`, async ({ page }) => {
    await signInToPortal(page, p);
    const requests = page.getByRole('article');
    await expect(requests).toHaveCount(2);

    // The visit, to come, with its clinician and what the patient may do about it.
    const scheduled = requests.filter({ hasText: 'Your visit' });
    await expect(scheduled.getByText('Scheduled', { exact: true }).first()).toBeVisible();
    await expect(scheduled.getByRole('region', { name: 'Your visit' })).toContainText(p.clinician);
    await expect(scheduled.getByRole('button', { name: 'Ask for another time' })).toBeVisible();
    await expect(scheduled.getByRole('button', { name: 'Cancel visit' })).toBeVisible();

    // The request in review, with the practice's message and a box to answer it.
    const inReview = requests.filter({ hasNotText: 'Your visit' });
    await expect(inReview.getByText('In review', { exact: true }).first()).toBeVisible();
    const conversation = inReview.getByRole('region', { name: 'Messages' });
    await expect(conversation.getByRole('listitem')).toHaveCount(1);
    await expect(conversation).toContainText(p.message);
    await expect(inReview.getByLabel('Reply to the practice')).toBeVisible();

    // An intake form to fill on each.
    for (const card of [scheduled, inReview]) {
      await expect(card.getByText('Not started')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Fill in the intake form' })).toBeVisible();
    }
    if (p.slug !== 'maple-street') return;

    await expectNoAxeViolations(page, '/portal of the demo patient');
    await inReview.getByRole('button', { name: 'Fill in the intake form' }).click();
    await expect(page).toHaveURL(/\/intake\?token=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Intake form' })).toBeVisible();
  });
}
