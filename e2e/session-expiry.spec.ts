import { DEMO_PASSWORD, DEMO_USERS } from './support/env';
import { expect, submitSignIn, test } from './support/fixtures';

test.describe('idle session expiry', () => {
  test('after 31 idle minutes, the next step asks to sign in again and says why', async ({ page, admin, serverClock }) => {
    // The browser's clock moves with the server's, as when a laptop lid is closed and opened again.
    await page.clock.install();
    await page.goto('/login?next=%2Fprofile');
    await submitSignIn(page, DEMO_USERS.supervisor.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    const { user } = (await (await page.request.get('/api/session')).json()) as { user: { id: string } };

    await serverClock.advanceMinutes(31);
    await page.clock.fastForward('31:00');
    // A page that refreshes its data on its own may already have noticed; otherwise the next
    // step does.
    const overviewLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' });
    const signInHeading = page.getByRole('heading', { name: 'Sign in to Switchboard' });
    await expect(overviewLink.or(signInHeading)).toBeVisible();
    // (If the page notices first, it leaves while we click: that is fine, the checks below decide.)
    if (await overviewLink.isVisible()) await overviewLink.click({ timeout: 3_000 }).catch(() => undefined);

    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByText('Your session has expired. Sign in again to continue where you left off.')).toBeVisible();
    expect(['/overview', '/profile']).toContain(new URL(page.url()).searchParams.get('next'));

    // The server ended the session for good.
    expect((await page.request.get('/api/session')).status()).toBe(401);

    // Signing in again continues where the user was going.
    await serverClock.reset();
    const next = new URL(page.url()).searchParams.get('next')!;
    await submitSignIn(page, DEMO_USERS.supervisor.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(new RegExp(`${next}$`));

    const audit = await admin.audit({ recordId: user.id, action: 'auth.session_expired' });
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });

  test('after 31 idle minutes, reloading a staff page also explains the expiry', async ({ page, serverClock }) => {
    await page.goto('/login');
    await submitSignIn(page, DEMO_USERS.developer.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/overview$/);

    await serverClock.advanceMinutes(31);
    await page.goto('/overview');

    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByText('Your session has expired. Sign in again to continue where you left off.')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('next')).toBe('/overview');
  });

  test('a page left open with no requests of its own signs out by itself after the idle time', async ({ page, serverClock }) => {
    await page.clock.install();
    await page.goto('/login?next=%2Fprofile');
    await submitSignIn(page, DEMO_USERS.developer.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

    // Nobody touches anything: after the idle limit the page leaves on its own.
    await serverClock.advanceMinutes(31);
    await page.clock.fastForward('31:00');
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByText('Your session has expired. Sign in again to continue where you left off.')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('next')).toBe('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toHaveCount(0);
  });

  test('activity keeps the session alive', async ({ page, serverClock }) => {
    await page.goto('/login');
    await submitSignIn(page, DEMO_USERS.agent.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/overview$/);

    await serverClock.advanceMinutes(20);
    expect((await page.request.get('/api/session')).status()).toBe(200);
    await serverClock.advanceMinutes(20);
    await page.goto('/overview');
    await expect(page).toHaveURL(/\/overview$/);
    await expect(page.getByRole('button', { name: `Account menu for ${DEMO_USERS.agent.name}` })).toBeVisible();
  });
});
