import { expect, submitSignIn, test } from './support/fixtures';

test('five wrong passwords lock the account for 15 minutes; after that it signs in again', async ({ page, admin, serverClock }) => {
  const password = 'lockout journey password 7';
  const user = await admin.createActiveUser({ label: 'lockout', password });
  const alert = page.getByRole('alert').filter({ hasText: /\S/ });

  await page.goto('/login');
  for (let attempt = 1; attempt <= 4; attempt++) {
    await submitSignIn(page, user.email, `wrong password number ${attempt}`);
    await expect(alert).toContainText('Email or password is not correct');
    // The form clears the password after a wrong one; wait for that before the next attempt.
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  }
  // The fifth failure trips the lock and says so at once.
  await submitSignIn(page, user.email, 'wrong password number 5');
  await expect(alert).toContainText('This account is temporarily locked.');

  // Even the right password is refused now, with how long to wait.
  await submitSignIn(page, user.email, password);
  await expect(alert).toContainText('This account is temporarily locked.');
  await expect(alert).toContainText(/Try again in 15 minutes/);
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/session')).status()).toBe(401);

  // Stored: the lock on the account and a lockout event in the audit log.
  const locked = await admin.user(user.id);
  expect(locked.lockedUntil).not.toBeNull();
  const lockedMinutes = (Date.parse(locked.lockedUntil!) - Date.now()) / 60_000;
  expect(lockedMinutes).toBeGreaterThan(13);
  expect(lockedMinutes).toBeLessThanOrEqual(15.1);
  expect((await admin.audit({ recordId: user.id, action: 'auth.lockout' })).length).toBe(1);

  // 16 minutes later (server clock) the same password works.
  await serverClock.advanceMinutes(16);
  await page.reload();
  await submitSignIn(page, user.email, password);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('button', { name: `Account menu for ${user.name}` })).toBeVisible();

  await serverClock.reset();
  expect((await admin.user(user.id)).lockedUntil).toBeNull();
});
