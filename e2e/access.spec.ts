import { DEMO_PASSWORD, DEMO_USERS } from './support/env';
import { expect, submitSignIn, test } from './support/fixtures';

test('an agent is refused /users: no link, an access-denied page, and 403 from the API', async ({ page }) => {
  await page.goto('/login');
  await submitSignIn(page, DEMO_USERS.agent.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/overview$/);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Overview' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Users/ })).toHaveCount(0);

  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/don.t have access|not found|access denied/i);
  // Not the list: no table, and no other staff member's email on the page.
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByText(DEMO_USERS.admin.email)).toHaveCount(0);
  await expect(page.getByText(DEMO_USERS.supervisor.email)).toHaveCount(0);

  const res = await page.request.get('/api/users');
  expect(res.status()).toBe(403);
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden');
  const invite = await page.request.post('/api/users', {
    data: { email: `agent-made-${Date.now()}@example.test`, name: 'Not allowed', role: 'admin', organizationIds: [], mode: 'invite' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(invite.status()).toBe(403);
});
