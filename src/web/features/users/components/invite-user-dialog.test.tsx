import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { errorBody, ORG_HARBOR, ORG_MAPLE, signedIn } from '@web/test/fixtures';
import { findAlert, renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { InviteUserDialog } from './invite-user-dialog';

function serveOrganizations() {
  server.use(
    http.get('/api/organizations', () =>
      HttpResponse.json({
        items: [
          { ...ORG_MAPLE, status: 'active' },
          { ...ORG_HARBOR, status: 'active' },
          { id: 'org-gone', name: 'Old Town Dental', status: 'deactivated' },
        ],
      }),
    ),
  );
}

/** `POST /api/users` answered by `answer`, keeping the bodies sent. */
function serveCreate(answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/users', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

function openDialog() {
  serveOrganizations();
  const onOpenChange = vi.fn();
  const page = renderPage(<InviteUserDialog open onOpenChange={onOpenChange} />, { url: '/users' });
  return { ...page, onOpenChange };
}

const user = (overrides: Record<string, unknown> = {}) => ({
  id: 'u-new',
  email: 'kim@example.com',
  name: 'Kim Lee',
  role: 'agent',
  organizationIds: [ORG_MAPLE.id],
  status: 'invited',
  ...overrides,
});

describe('invite user dialog', () => {
  it('shows what is missing beside each field and sends nothing', async () => {
    const bodies = serveCreate(() => HttpResponse.json({ user: user() }, { status: 201 }));
    const { user: u } = openDialog();
    await screen.findByRole('checkbox', { name: ORG_MAPLE.name });

    await u.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription('Enter their email address.');
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeInvalid();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Enter a name.');
    expect(screen.getByRole('group', { name: 'Organizations' })).toHaveAccessibleDescription(expect.stringContaining('Choose at least one organization for this role.'));
    expect(bodies).toEqual([]);
  });

  it('says an email address is not valid as the user fixes it', async () => {
    serveCreate(() => HttpResponse.json({ user: user() }, { status: 201 }));
    const { user: u } = openDialog();
    const email = screen.getByRole('textbox', { name: 'Email address' });

    await u.type(email, 'kim@');
    await u.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(email).toHaveAccessibleDescription('Enter a valid email address.');

    await u.type(email, 'example.com');
    await waitFor(() => expect(email).not.toBeInvalid());
  });

  it('offers only active organizations, and none to choose for an administrator', async () => {
    const { user: u } = openDialog();

    expect(await screen.findByRole('checkbox', { name: ORG_HARBOR.name })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Old Town Dental/ })).not.toBeInTheDocument();

    await u.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Administrator');
    expect(screen.getByText('Administrators work in every organization, so there is nothing to choose.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Organizations' })).not.toBeInTheDocument();
  });

  it('sends the invitation and closes', async () => {
    const bodies = serveCreate(() => HttpResponse.json({ user: user() }, { status: 201 }));
    const { user: u, onOpenChange } = openDialog();

    await u.type(screen.getByRole('textbox', { name: 'Email address' }), ' Kim@Example.com ');
    await u.type(screen.getByRole('textbox', { name: 'Name' }), 'Kim Lee');
    await u.click(await screen.findByRole('checkbox', { name: ORG_MAPLE.name }));
    await u.click(screen.getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(bodies).toEqual([{ email: 'kim@example.com', name: 'Kim Lee', role: 'agent', organizationIds: [ORG_MAPLE.id], mode: 'invite' }]);
    expect(screen.getByText('kim@example.com will get an email with a link to set a password.')).toBeInTheDocument();
  });

  it('shows the temporary password once when the user is created with one', async () => {
    const bodies = serveCreate(() => HttpResponse.json({ user: user({ status: 'active' }), temporaryPassword: 'mellow-orbit-tulip-42' }, { status: 201 }));
    const { user: u, onOpenChange } = openDialog();

    await u.type(screen.getByRole('textbox', { name: 'Email address' }), 'kim@example.com');
    await u.type(screen.getByRole('textbox', { name: 'Name' }), 'Kim Lee');
    await u.click(await screen.findByRole('checkbox', { name: ORG_HARBOR.name }));
    await u.click(screen.getByRole('radio', { name: /Set a temporary password now/ }));
    await u.type(screen.getByRole('textbox', { name: 'Temporary password (optional)' }), 'short');
    await u.click(screen.getByRole('button', { name: 'Create user' }));
    // Validation is asynchronous (the resolver): wait for the message rather than read it at once.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Temporary password (optional)' })).toHaveAccessibleDescription(expect.stringContaining('Use at least 8 characters.')));

    await u.clear(screen.getByRole('textbox', { name: 'Temporary password (optional)' }));
    await u.click(screen.getByRole('button', { name: 'Create user' }));

    expect(await screen.findByRole('heading', { name: 'Kim Lee can now sign in' })).toBeInTheDocument();
    expect(screen.getByText('mellow-orbit-tulip-42')).toBeInTheDocument();
    // An empty temporary password is left out: the server makes one.
    expect(bodies).toEqual([{ email: 'kim@example.com', name: 'Kim Lee', role: 'agent', organizationIds: [ORG_HARBOR.id], mode: 'temporary_password' }]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('puts the server’s message about a field beside that field', async () => {
    serveCreate(() =>
      HttpResponse.json(errorBody('validation_failed', 'Some fields need attention.', { name: 'Use letters, spaces and hyphens only.' }), { status: 400 }),
    );
    const { user: u, onOpenChange } = openDialog();

    await u.type(screen.getByRole('textbox', { name: 'Email address' }), 'kim@example.com');
    await u.type(screen.getByRole('textbox', { name: 'Name' }), 'Kim <b>Lee</b>');
    await u.click(await screen.findByRole('checkbox', { name: ORG_MAPLE.name }));
    await u.click(screen.getByRole('button', { name: 'Send invitation' }));

    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Use letters, spaces and hyphens only.'));
    expect(name).toBeInvalid();
    expect(name).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Email address' })).not.toBeInvalid();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('a taken email (409) is said beside the email field, not in a banner', async () => {
    serveCreate(() => HttpResponse.json(errorBody('conflict', 'A user with this email already exists.', { email: 'A user with this email already exists.' }), { status: 409 }));
    const { user: u } = openDialog();

    await u.type(screen.getByRole('textbox', { name: 'Email address' }), 'sam@example.com');
    await u.type(screen.getByRole('textbox', { name: 'Name' }), 'Sam');
    await u.click(await screen.findByRole('checkbox', { name: ORG_MAPLE.name }));
    await u.click(screen.getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription('A user with this email already exists.'));
    expect(screen.getAllByText('A user with this email already exists.')).toHaveLength(1);
  });

  it('an error that names no field is said above the form', async () => {
    serveCreate(() => HttpResponse.json(errorBody('forbidden', 'Only administrators can invite users.'), { status: 403 }));
    const { user: u } = openDialog();

    await u.type(screen.getByRole('textbox', { name: 'Email address' }), 'kim@example.com');
    await u.type(screen.getByRole('textbox', { name: 'Name' }), 'Kim Lee');
    await u.click(await screen.findByRole('checkbox', { name: ORG_MAPLE.name }));
    await u.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(await findAlert('Only administrators can invite users.')).toBeInTheDocument();
  });

  it('on a server that sends no e-mail, offers the temporary password first and says the link would reach no one', async () => {
    serveOrganizations();
    renderPage(<InviteUserDialog open onOpenChange={vi.fn()} />, { url: '/users', session: { ...signedIn({ role: 'admin' }), emailDelivered: false } });
    expect(await screen.findByRole('radio', { name: /Set a temporary password now/ })).toBeChecked();
    expect(screen.getByText(/This server sends no e-mail \(SMTP_URL is not set\)/)).toBeInTheDocument();
  });

  it("on the demo, says the invitation's link is printed in the server's terminal", async () => {
    serveOrganizations();
    renderPage(<InviteUserDialog open onOpenChange={vi.fn()} />, { url: '/users', session: { ...signedIn({ role: 'admin' }), emailDelivered: false, messagesOnTerminal: true } });
    expect(await screen.findByText(/the link is printed in the server's terminal/)).toBeInTheDocument();
  });
});
