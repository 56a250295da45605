import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { errorBody, signedIn } from '@web/test/fixtures';
import { findAlert, renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { LoginForm } from './login-form';

function open(answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/session/login', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  const onSuccess = vi.fn();
  const page = renderPage(<LoginForm onSuccess={onSuccess} onForgotPassword={vi.fn()} />, { url: '/login', session: null });
  return { ...page, bodies, onSuccess };
}

const email = () => screen.getByRole('textbox', { name: 'Email' });
const password = () => screen.getByLabelText('Password');

describe('sign-in form', () => {
  it('says beside each field what is missing, and sends nothing', async () => {
    const { user, bodies } = open(() => HttpResponse.json({}));

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(email()).toHaveAccessibleDescription('Enter your email address.'));
    expect(password()).toHaveAccessibleDescription('Enter your password.');
    expect(bodies).toEqual([]);
  });

  it('a wrong password keeps the email, empties the password and puts the cursor there', async () => {
    const { user } = open(() => HttpResponse.json(errorBody('invalid_credentials', 'Email or password is not correct.'), { status: 401 }));

    await user.type(email(), 'sam@example.com');
    await user.type(password(), 'not-my-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await findAlert('Email or password is not correct.')).toHaveTextContent('After several failed attempts the account is locked for a while.');
    expect(email()).toHaveValue('sam@example.com');
    await waitFor(() => expect(password()).toHaveValue(''));
    expect(password()).toHaveFocus();
  });

  it('a locked account says how long to wait', async () => {
    const { user } = open(() =>
      HttpResponse.json({ error: { code: 'account_locked', message: 'This account is temporarily locked.', retryAfterSeconds: 841 } }, { status: 423 }),
    );

    await user.type(email(), 'sam@example.com');
    await user.type(password(), 'guess');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await findAlert('This account is temporarily locked.')).toHaveTextContent('Try again in 15 minutes, or reset your password.');
  });

  it('signs in with the trimmed email and hands the result on', async () => {
    const session = signedIn();
    const { user, bodies, onSuccess } = open(() => HttpResponse.json({ user: session.user }));

    await user.type(email(), '  sam@example.com ');
    await user.type(password(), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ user: session.user }, 'sam@example.com'));
    expect(bodies).toEqual([{ email: 'sam@example.com', password: 'correct horse' }]);
  });
});
