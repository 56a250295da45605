import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody, signedIn } from '@web/test/fixtures';
import { findAlert, renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { ChangePasswordRoute } from './change-password';

/** `POST /api/password/change` answered by `answer`, keeping the bodies sent. */
function serveChange(answer: () => Response = () => HttpResponse.json({ ok: true })) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/password/change', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

const current = () => screen.getByLabelText('Current password');
const fresh = () => screen.getByLabelText('New password');
const confirm = () => screen.getByLabelText('Confirm new password');

describe('change password', () => {
  it('says beside each field what is missing, and sends nothing', async () => {
    const bodies = serveChange();
    const { user } = renderPage(<ChangePasswordRoute />, { url: '/change-password' });

    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(current()).toHaveAccessibleDescription('Enter your current password.'));
    // The new password keeps the rules in its description and adds the message.
    expect(fresh()).toHaveAccessibleDescription(expect.stringContaining('Use at least 8 characters.'));
    expect(fresh()).toHaveAccessibleDescription(expect.stringContaining('Your new password must be:'));
    expect(confirm()).toHaveAccessibleDescription('Type the new password again.');
    expect(bodies).toEqual([]);
  });

  it('checks that the two new passwords match and differ from the current one', async () => {
    serveChange();
    const { user } = renderPage(<ChangePasswordRoute />, { url: '/change-password' });

    await user.type(current(), 'correct horse battery');
    await user.type(fresh(), 'correct horse battery');
    await user.type(confirm(), 'correct horse batterx');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(confirm()).toHaveAccessibleDescription('The two passwords do not match.'));
    expect(fresh()).toHaveAccessibleDescription(expect.stringContaining('Choose a password different from your current one.'));
    expect(current()).not.toBeInvalid();
  });

  it('changes the password, says so and empties the form', async () => {
    const bodies = serveChange();
    const { user } = renderPage(<ChangePasswordRoute />, { url: '/change-password' });

    await user.type(current(), 'old-password-1');
    await user.type(fresh(), 'a brand new secret');
    await user.type(confirm(), 'a brand new secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(bodies).toEqual([{ currentPassword: 'old-password-1', newPassword: 'a brand new secret' }]);
    expect(current()).toHaveValue('');
  });

  it('shows the server’s message about the new password beside it (the server calls it `password`)', async () => {
    serveChange(() =>
      HttpResponse.json(errorBody('validation_failed', 'Some fields need attention.', { password: 'This password appeared in a data breach. Choose another.' }), {
        status: 400,
      }),
    );
    const { user } = renderPage(<ChangePasswordRoute />, { url: '/change-password' });

    await user.type(current(), 'old-password-1');
    await user.type(fresh(), 'password1234');
    await user.type(confirm(), 'password1234');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(fresh()).toHaveAccessibleDescription(expect.stringContaining('This password appeared in a data breach. Choose another.')));
    expect(fresh()).toHaveFocus();
    // Field messages only: no banner repeating them.
    expect(screen.queryByText(/Some fields need attention/)).not.toBeInTheDocument();
  });

  it('a wrong current password is said beside that field', async () => {
    serveChange(() => HttpResponse.json(errorBody('validation_failed', 'Some fields need attention.', { currentPassword: 'The current password is not correct.' }), { status: 400 }));
    const { user } = renderPage(<ChangePasswordRoute />, { url: '/change-password' });

    await user.type(current(), 'wrong-password');
    await user.type(fresh(), 'a brand new secret');
    await user.type(confirm(), 'a brand new secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(current()).toHaveAccessibleDescription('The current password is not correct.'));
  });

  it('a refusal that names no field is said above the form', async () => {
    serveChange(() => HttpResponse.json(errorBody('rate_limited', 'Too many attempts. Wait a moment and try again.'), { status: 429 }));
    const { user } = renderPage(<ChangePasswordRoute />, { url: '/change-password' });

    await user.type(current(), 'old-password-1');
    await user.type(fresh(), 'a brand new secret');
    await user.type(confirm(), 'a brand new secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await findAlert('Too many attempts. Wait a moment and try again.')).toBeInTheDocument();
  });

  it('after a temporary password, saving goes on to the page the user was going to', async () => {
    serveChange();
    const { user, pathname } = renderPage(<ChangePasswordRoute />, {
      url: '/change-password?next=%2Fhandoffs%3Ftab%3Dmine',
      session: signedIn({ mustChangePassword: true }),
    });

    expect(screen.getByText('Choose your own password to continue')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Temporary password'), 'Tmp-4821-xyz');
    await user.type(fresh(), 'a brand new secret');
    await user.type(confirm(), 'a brand new secret');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByText('Another page')).toBeInTheDocument();
    expect(pathname()).toBe('/handoffs');
  });
});
