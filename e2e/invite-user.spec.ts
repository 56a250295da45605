import { DEMO_PASSWORD, DEMO_USERS } from './support/env';
import { expect, signIn, submitSignIn, test } from './support/fixtures';
import { uniqueEmail } from './support/api';

test('an admin invites a user on /users; the invitee sets a password from the emailed link and signs in', async ({ page, browser, admin }) => {
  const email = uniqueEmail('invitee');
  const invitedName = 'Invited Person';

  await signIn(page, DEMO_USERS.admin.email, DEMO_PASSWORD, { path: '/login?next=%2Fusers' });
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

  await page.getByRole('button', { name: 'Invite user' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Invite a user' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Name').fill(invitedName);
  await dialog.getByLabel('Role').selectOption({ label: 'Agent' });
  await dialog.getByRole('checkbox', { name: 'Maple Street Family Practice' }).check();
  await dialog.getByRole('radio', { name: /Email an invitation link/ }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  // The e2e server has no SMTP_URL: the dialog says so rather than promise an e-mail (the test reads the link from the outbox).
  await expect(page.getByText('Invitation created, not sent').first()).toBeVisible();

  // The list shows the invitee (search for them).
  await page.getByRole('search', { name: 'Filter users' }).getByLabel('Search').fill(email);
  const row = page.getByRole('table', { name: 'Staff users' }).getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(invitedName);
  await expect(row).toContainText(/invited/i);

  // Stored: an invited user with that role and organization, and an invitation email.
  const invited = await admin.userByEmail(email);
  expect(invited).toMatchObject({ status: 'invited', role: 'agent', name: invitedName });
  expect(invited!.organizationIds).toHaveLength(1);
  const link = await admin.linkFromOutbox(email, 'user-invitation', '/accept-invite');

  // The invitee, in their own browser.
  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { name: 'Set up your account' })).toBeVisible();
  const chosenName = 'Ida Invitee';
  const password = 'my invitation password 88';
  await invitee.getByLabel('Your name').fill(chosenName);
  await invitee.getByLabel('Password', { exact: true }).fill(password);
  await invitee.getByLabel('Confirm password').fill(password);
  await invitee.getByRole('button', { name: 'Create account' }).click();

  // Either straight into the app, or to sign in with the new password.
  await expect(invitee).toHaveURL(/\/(overview|login\?reason=invite_accepted)/);
  if (invitee.url().includes('/login')) {
    await expect(invitee.getByText('Your account is ready. Sign in to continue.')).toBeVisible();
    await submitSignIn(invitee, email, password);
  }
  await expect(invitee).toHaveURL(/\/overview$/);
  await expect(invitee.getByRole('button', { name: `Account menu for ${chosenName}` })).toBeVisible();
  const session = (await (await invitee.request.get('/api/session')).json()) as { user: { role: string }; organizations: { name: string }[] };
  expect(session.user.role).toBe('agent');
  expect(session.organizations.map((o) => o.name)).toEqual(['Maple Street Family Practice']);

  await inviteeContext.close();

  // The link is spent: someone opening it again cannot take the account over.
  const laterContext = await browser.newContext();
  const later = await laterContext.newPage();
  await later.goto(link);
  const used = later.getByRole('heading', { name: 'This invitation has already been used' });
  // The page says "Set up your account" while it checks the link too: wait for the form's field.
  const form = later.getByLabel('Your name');
  await expect(used.or(form)).toBeVisible();
  if (await form.isVisible()) {
    await later.getByLabel('Your name').fill('Someone Else');
    await later.getByLabel('Password', { exact: true }).fill('taking over the account 1');
    await later.getByLabel('Confirm password').fill('taking over the account 1');
    await later.getByRole('button', { name: 'Create account' }).click();
  }
  await expect(used).toBeVisible();
  await laterContext.close();

  const accepted = await admin.user(invited!.id);
  expect(accepted).toMatchObject({ status: 'active', name: chosenName, mustChangePassword: false });
  expect(accepted.lastSignInAt).not.toBeNull();
  expect((await admin.audit({ recordId: invited!.id, action: 'user.invitation_accepted' })).length).toBe(1);
});
