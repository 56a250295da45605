import { expect, submitSignIn, test } from './support/fixtures';
import { newApiContext, signedInApi } from './support/api';

test('a user with a temporary password must choose their own before anything else', async ({ page, admin }) => {
  const temporaryPassword = 'temporary-Pa55-from-admin';
  const user = await admin.createUserWithTemporaryPassword({ label: 'forced', role: 'supervisor', temporaryPassword });
  expect(user.mustChangePassword).toBe(true);

  await page.goto('/login');
  await submitSignIn(page, user.email, temporaryPassword);
  await expect(page).toHaveURL(/\/change-password/);
  await expect(page.getByText('Choose your own password to continue')).toBeVisible();
  // No way around it: the staff navigation is not offered and other pages bring you back.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.goto('/overview');
  await expect(page).toHaveURL(/\/change-password/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/change-password/);
  await expect(page.getByText('Choose your own password to continue')).toBeVisible();
  // …and the API refuses work until the password is changed.
  const blocked = await page.request.get('/api/organizations');
  expect(blocked.status()).toBe(403);
  expect(((await blocked.json()) as { error: { code: string } }).error.code).toBe('password_change_required');

  const current = page.getByLabel('Temporary password');
  const fresh = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password');
  const save = page.getByRole('button', { name: 'Save and continue' });

  // A common password is refused, with the reason beside the field.
  await current.fill(temporaryPassword);
  await fresh.fill('password123');
  await confirm.fill('password123');
  await save.click();
  await expect(fresh).toHaveAttribute('aria-invalid', 'true');
  await expect(fresh).toHaveAccessibleDescription(/too common/i);
  await expect(page).toHaveURL(/\/change-password/);
  expect((await admin.user(user.id)).mustChangePassword).toBe(true);

  // A good one is accepted and the app opens.
  const chosen = 'my own harbour password 31';
  await current.fill(temporaryPassword);
  await fresh.fill(chosen);
  await confirm.fill(chosen);
  await save.click();
  await expect(page).toHaveURL(/\/(overview|profile)$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.goto('/overview');
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('button', { name: `Account menu for ${user.name}` })).toBeVisible();

  // Stored: the flag is cleared, the change is audited, the new password signs in and the temporary one no longer does.
  expect((await admin.user(user.id)).mustChangePassword).toBe(false);
  const audit = await admin.audit({ recordId: user.id, action: 'auth.password_change' });
  expect(audit.map((e) => e.outcome)).toEqual(['success']);
  const again = await signedInApi(user.email, chosen);
  await again.dispose();
  const anon = await newApiContext();
  expect((await anon.post('/api/session/login', { data: { email: user.email, password: temporaryPassword } })).status()).toBe(401);
  await anon.dispose();
});
