import { DEMO_PASSWORD, DEMO_USERS } from './support/env';
import { expect, submitSignIn, test } from './support/fixtures';

test('a server error shows a reference that an admin finds in /developer with its report', async ({ page, admin }) => {
  await page.goto('/sentry-example-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Error reporting check' })).toBeVisible();
  await page.getByRole('button', { name: 'Raise a server-side error' }).click();

  const result = page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'The server reported the error.' });
  await expect(result).toBeVisible();
  await expect(result).toContainText('Error log reference:');
  const digest = (await result.locator('code').first().innerText()).trim();
  expect(digest).toMatch(/^[A-Z0-9-]{6,40}$/);
  // No stack trace or internals on the page.
  await expect(page.getByText(/at .*\.ts:\d+/)).toHaveCount(0);

  // Stored: the error under that reference, from the server, with its route.
  const stored = await admin.error(digest);
  expect(stored).toMatchObject({ digest, source: 'server', statusCode: 500 });
  expect(stored.message).toContain('Sentry example');
  expect(stored.route).toContain('/api/sentry-example/server-error');

  // An admin looks it up by the reference on the Errors tab.
  await page.goto('/login?next=%2Fdeveloper');
  await submitSignIn(page, DEMO_USERS.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/developer/);
  await expect(page.getByRole('heading', { level: 1, name: 'Developer' })).toBeVisible();
  await page.getByRole('tab', { name: 'Errors' }).click();
  await expect(page).toHaveURL(/tab=errors/);

  const search = page.getByRole('search', { name: 'Find an error by reference' });
  await search.getByLabel('Find by reference').fill(digest.toLowerCase());
  await search.getByRole('button', { name: 'Find report' }).click();

  const report = page.getByRole('dialog', { name: `Error ${digest}` });
  await expect(report).toBeVisible();
  await expect(report).toContainText('Sentry example: a server-side error raised on purpose');
  await expect(report).toContainText('/api/sentry-example/server-error');
  await expect(report).toContainText('500');
  await expect(report.getByRole('region', { name: 'Stack trace' })).toContainText('Error: Sentry example');

  // The reference is also in the list of recent errors.
  await page.keyboard.press('Escape');
  await expect(report).toBeHidden();
  await expect(page.getByRole('table', { name: 'Error log' }).getByText(digest)).toBeVisible();
});
