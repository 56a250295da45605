import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES, authErrorContent, authErrorReference } from '@web/features/session/components/auth-error-content';
import { renderPage } from '@web/test/render';
import { AuthErrorRoute } from './auth-error';

/** Issue 19 §8: /auth/error says the reason and the next step for every code, and a reference. */
describe('/auth/error', () => {
  it('without a code says it was opened without one, what to do, and gives a reference', () => {
    renderPage(<AuthErrorRoute />, { url: '/auth/error', session: null });
    expect(screen.getByRole('heading', { name: 'No sign-in problem to explain' })).toBeInTheDocument();
    expect(screen.getByText(/opened without saying what went wrong/)).toBeInTheDocument();
    expect(screen.getByText(/open the whole link again or request a new one/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByText(/^AUTH-NO_CODE-\d{8}T\d{4}Z-[A-Z2-9]{4}$/)).toBeInTheDocument();
  });

  it('reads the sign-in library’s ?error= too, and names a code it does not know', () => {
    renderPage(<AuthErrorRoute />, { url: '/auth/error?error=state_mismatch', session: null });
    expect(screen.getByRole('heading', { name: 'Sign-in could not be completed' })).toBeInTheDocument();
    expect(screen.getByText(/\("state_mismatch"\) is not one this page knows/)).toBeInTheDocument();
    expect(screen.getByText(/^AUTH-UNKNOWN-/)).toBeInTheDocument();
  });

  it('for an expired link: the reason, the next step, the action and the reference', () => {
    renderPage(<AuthErrorRoute />, { url: '/auth/error?code=link_expired', session: null });
    expect(screen.getByRole('heading', { name: 'This link has expired' })).toBeInTheDocument();
    expect(screen.getByText(/What to do:/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
    expect(screen.getByText(/^AUTH-LINK_EXPIRED-/)).toBeInTheDocument();
  });

  it('every code has a reason, a next step and an action, with or without the invitation context', () => {
    for (const code of AUTH_ERROR_CODES) {
      for (const context of [undefined, 'invite'] as const) {
        for (const given of [null, code]) {
          const c = authErrorContent(code, { context, given });
          expect(c.title.length, code).toBeGreaterThan(5);
          expect(c.explanation.length, code).toBeGreaterThan(20);
          expect(c.nextStep.length, code).toBeGreaterThan(10);
          expect(c.primary.to.startsWith('/'), code).toBe(true);
        }
      }
    }
  });

  it('references name the code and the minute', () => {
    expect(authErrorReference('session_expired', 'session_expired', new Date('2026-11-25T06:41:09Z'), () => 0)).toBe('AUTH-SESSION_EXPIRED-20261125T0641Z-AAAA');
  });
});
