import { DEMO_PASSWORD, DEMO_USERS, type DemoRole } from './support/env';
import { expect, signOutViaMenu, submitSignIn, test } from './support/fixtures';

const ROLE_LABEL: Record<DemoRole, string> = { admin: 'Administrator', supervisor: 'Supervisor', agent: 'Agent', developer: 'Developer' };

test.describe('sign in and out', () => {
  for (const role of Object.keys(DEMO_USERS) as DemoRole[]) {
    test(`as the demo ${role}: lands on the overview, signs out, staff pages then ask to sign in`, async ({ page, admin }) => {
      const demo = DEMO_USERS[role];

      await page.goto('/');
      await page.getByRole('link', { name: 'Staff sign in' }).first().click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Sign in to Switchboard' })).toBeVisible();

      await submitSignIn(page, demo.email, DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/overview$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const accountMenu = page.getByRole('button', { name: `Account menu for ${demo.name}` });
      await expect(accountMenu).toBeVisible();
      await expect(accountMenu).toContainText(ROLE_LABEL[role]);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' })).toBeVisible();

      // The server holds a session for this browser.
      const session = await page.request.get('/api/session');
      expect(session.status()).toBe(200);
      const { user } = (await session.json()) as { user: { id: string; role: string; email: string } };
      expect(user).toMatchObject({ role, email: demo.email });

      await signOutViaMenu(page);
      await expect(page).toHaveURL(/\/login/);
      await expect(page.getByText('You have signed out.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Sign in to Switchboard' })).toBeVisible();

      // The server session has ended, not just the page's memory of it.
      expect((await page.request.get('/api/session')).status()).toBe(401);
      await page.goto('/overview');
      await expect(page).toHaveURL(/\/login\?next=%2Foverview/);
      await expect(page.getByRole('heading', { name: 'Sign in to Switchboard' })).toBeVisible();

      // Stored: a successful sign-in and a sign-out in the audit log, and the last sign-in time.
      const audit = await admin.audit({ recordId: user.id });
      expect(audit.map((e) => `${e.action}:${e.outcome}`)).toEqual(expect.arrayContaining(['auth.sign_in:success', 'auth.sign_out:success']));
      expect((await admin.user(user.id)).lastSignInAt).not.toBeNull();
    });
  }

  test('returns to the page that was asked for (?next=)', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
    await submitSignIn(page, DEMO_USERS.supervisor.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a next= pointing to another site is ignored', async ({ page }) => {
    await page.goto('/login?next=%2F%2Fevil.example%2Fsteal');
    await submitSignIn(page, DEMO_USERS.agent.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/overview$/);
  });
});

test.describe('wrong password', () => {
  test('shows one generic message, the same for an unknown email, and stays signed out', async ({ page, admin }) => {
    const user = await admin.createActiveUser({ label: 'wrong-pw', password: 'correct horse battery 42' });

    await page.goto('/login');
    await submitSignIn(page, user.email, 'not the right password');
    // Alerts with something in them (the toast region is an empty live region).
    const alert = page.getByRole('alert').filter({ hasText: /\S/ });
    await expect(alert).toHaveCount(1);
    await expect(alert).toContainText('Email or password is not correct.');
    const knownEmailMessage = await alert.innerText();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

    await page.reload();
    await submitSignIn(page, `nobody-${Date.now()}@example.test`, 'not the right password');
    await expect(alert).toHaveCount(1);
    await expect(alert).toContainText('Email or password is not correct.');
    expect(await alert.innerText(), 'no hint which part was wrong').toBe(knownEmailMessage);
    expect(knownEmailMessage).not.toMatch(/not found|no account|unknown|does not exist/i);

    expect((await page.request.get('/api/session')).status()).toBe(401);
    const audit = await admin.audit({ recordId: user.id, action: 'auth.sign_in' });
    expect(audit.some((e) => e.outcome === 'failure')).toBe(true);
  });
});
