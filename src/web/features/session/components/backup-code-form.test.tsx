import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { findAlert, renderPage } from '@web/test/render';
import { server } from '@web/test/server';
import { BackupCodeForm } from './backup-code-form';

function open(answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/session/login/backup-code', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  const onSuccess = vi.fn();
  const onUseApp = vi.fn();
  const page = renderPage(<BackupCodeForm onSuccess={onSuccess} onUseApp={onUseApp} />, { url: '/login', session: null });
  return { ...page, bodies, onSuccess, onUseApp };
}

const field = () => screen.getByRole('textbox', { name: 'Backup code' });
const submit = () => screen.getByRole('button', { name: 'Use backup code and sign in' });

describe('backup code form', () => {
  it('sends the code as the server takes it (spaces dropped, the dash put back) and reports the codes left', async () => {
    const { user, bodies, onSuccess } = open(() => HttpResponse.json({ ok: true, backupCodesLeft: 4 }));

    await user.type(field(), ' AbCdE 12345 ');
    await user.click(submit());

    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(onSuccess.mock.calls[0]![0]).toEqual({ ok: true, backupCodesLeft: 4 });
    expect(bodies).toEqual([{ code: 'AbCdE-12345' }]);
  });

  it('a code of the wrong shape is refused beside the field, and nothing is sent', async () => {
    const { user, bodies } = open(() => HttpResponse.json({ ok: true, backupCodesLeft: 9 }));

    await user.type(field(), '123456');
    await user.click(submit());

    await waitFor(() => expect(field()).toHaveAccessibleDescription(/A backup code has 10 letters and digits, like abcde-12345\./));
    expect(bodies).toEqual([]);
  });

  it("the server's refusal of a used code is shown beside the field", async () => {
    const { user } = open(() =>
      HttpResponse.json(
        { error: { code: 'validation_failed', message: 'That backup code did not work.', fields: { code: 'That backup code is not one of yours, or it has been used already. Each backup code works once.' } } },
        { status: 400 },
      ),
    );

    await user.type(field(), 'abcde-12345');
    await user.click(submit());

    await waitFor(() => expect(field()).toHaveAccessibleDescription(/it has been used already/));
    expect(field()).toHaveFocus();
  });

  it('a locked account says so in an alert', async () => {
    const { user } = open(() => HttpResponse.json({ error: { code: 'account_locked', message: 'Too many failed attempts.', retryAfterSeconds: 600 } }, { status: 423 }));

    await user.type(field(), 'abcde-12345');
    await user.click(submit());

    expect(await findAlert('This account is temporarily locked.')).toHaveTextContent('Try again in 10 minutes');
  });

  it('offers the way back to the app code', async () => {
    const { user, onUseApp } = open(() => HttpResponse.json({}));
    await user.click(screen.getByRole('button', { name: 'Use your authenticator app instead' }));
    expect(onUseApp).toHaveBeenCalled();
  });
});
