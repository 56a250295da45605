import { expect, submitSignIn, test } from './support/fixtures';
import { newApiContext } from './support/api';

test('forgot password: the emailed link sets a new password once', async ({ page, admin }) => {
  const oldPassword = 'forgotten password 1234';
  const user = await admin.createActiveUser({ label: 'forgot', password: oldPassword });

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toContainText(user.email);

  const link = await admin.linkFromOutbox(user.email, 'password-reset', '/reset-password');
  expect(link).toMatch(/^\/reset-password\?token=/);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  const newPassword = 'remembered password 5678';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();

  await expect(page).toHaveURL(/\/login\?reason=password_reset/);
  await expect(page.getByText('Your password has been changed. Sign in with your new password.')).toBeVisible();
  await submitSignIn(page, user.email, newPassword);
  await expect(page).toHaveURL(/\/overview$/);

  // Stored: the reset is audited and the old password is gone.
  expect((await admin.audit({ recordId: user.id, action: 'auth.password_reset' })).length).toBe(1);
  const anon = await newApiContext();
  expect((await anon.post('/api/session/login', { data: { email: user.email, password: oldPassword } })).status()).toBe(401);
  await anon.dispose();

  // The same link a second time: explained as already used as soon as it opens (no form to
  // fill in first), and the password stays as chosen.
  const second = await page.context().browser()!.newContext();
  const again = await second.newPage();
  await again.goto(link);
  const usedExplanation = again.getByRole('heading', { name: 'This link has already been used' });
  await expect(usedExplanation).toBeVisible();
  await expect(again.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expect(again.getByText('Each link works once')).toBeVisible();
  await expect(again.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
  await second.close();

  const check = await newApiContext();
  expect((await check.post('/api/session/login', { data: { email: user.email, password: newPassword } })).status()).toBe(200);
  await check.dispose();
});

test('forgot password for an unknown email gives the same answer and sends nothing', async ({ page, admin }) => {
  const email = `nobody-${Date.now()}@example.test`;
  await page.goto('/login?forgot=1');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check your email' })).toContainText(email);
  expect(await admin.outbox({ recipient: email, template: 'password-reset' })).toEqual([]);
});
