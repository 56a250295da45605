import * as OTPAuth from 'otpauth';
import { expect, signIn, signOutViaMenu, submitSignIn, test } from './support/fixtures';

/**
 * Two-factor as a person walks it: turned on from the profile (setup key into the "app", the
 * backup codes saved), then a sign-in with the app's code, and one with a backup code after the
 * phone is lost — each backup code works once.
 */
test('two-factor: set up on the profile, sign in with the app code, then with a backup code that works once', async ({ page, admin }) => {
  test.setTimeout(90_000);
  const password = 'two factor journey password 8';
  const user = await admin.createActiveUser({ label: 'two-factor', password });

  // Turn it on from the profile page.
  await signIn(page, user.email, password, { path: '/profile' });
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Your password').fill(password);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('heading', { name: 'Add Switchboard to your authenticator app' })).toBeVisible();
  // The "authenticator app" is this test: it takes the setup key as a person would type it.
  const key = (await dialog.locator('code').first().innerText()).replace(/\s/g, '');
  const app = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), digits: 6, period: 30, algorithm: 'SHA1' });
  await dialog.getByRole('button', { name: 'I have added it' }).click();
  const codes = (await dialog.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allInnerTexts()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await dialog.getByRole('button', { name: 'I have saved them' }).click();
  await dialog.getByLabel('6-digit code').fill(app.generate());
  await dialog.getByRole('button', { name: 'Turn on two-factor' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Signing in asks for your password and a 6-digit code')).toBeVisible();
  await signOutViaMenu(page);

  // Sign in with the app's code.
  await page.goto('/login');
  await submitSignIn(page, user.email, password);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByLabel('Verification code').fill(app.generate());
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await signOutViaMenu(page);

  // The phone is lost: a backup code instead, by keyboard from the two-step screen.
  await page.goto('/login');
  await submitSignIn(page, user.email, password);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByRole('button', { name: 'No phone? Use a backup code' }).focus();
  await page.keyboard.press('Enter');
  const field = page.getByLabel('Backup code');
  await expect(field).toBeFocused();
  // A wrong code is refused beside the field, and a malformed one before it is sent.
  await field.fill('zzzzz-00000');
  await page.keyboard.press('Enter');
  await expect(page.getByText('That backup code is not one of yours, or it has been used already.')).toBeVisible();
  await field.fill('12345');
  await page.keyboard.press('Enter');
  await expect(page.getByText('A backup code has 10 letters and digits, like abcde-12345.')).toBeVisible();
  await field.fill(codes[0]!);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByText('9 backup codes left')).toBeVisible();
  await expect(page.getByRole('button', { name: `Account menu for ${user.name}` })).toBeVisible();
  await signOutViaMenu(page);

  // The same code does not work twice.
  await page.goto('/login');
  await submitSignIn(page, user.email, password);
  await page.getByRole('button', { name: 'No phone? Use a backup code' }).click();
  await page.getByLabel('Backup code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Use backup code and sign in' }).click();
  await expect(page.getByText('That backup code is not one of yours, or it has been used already.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  expect((await page.request.get('/api/session')).status()).toBe(401);

  // Stored: one use and two refusals in the audit log, never the code itself.
  const audit = await admin.audit({ recordId: user.id, action: 'auth.two_factor.backup_code' });
  expect(audit.map((a) => a.outcome).sort()).toEqual(['failure', 'failure', 'success']);
  expect(audit.find((a) => a.outcome === 'success')?.details).toEqual({ backupCodesLeft: 9 });
  expect(JSON.stringify(audit)).not.toContain(codes[0]!);
});
