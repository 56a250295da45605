import type { AuthErrorCode } from '@web/lib/paths';
import { paths } from '@web/lib/paths';
import { isApiError } from '@web/lib/api';

export interface AuthErrorAction {
  label: string;
  to: string;
}

export interface AuthErrorContent {
  title: string;
  explanation: string;
  primary: AuthErrorAction;
  secondary?: AuthErrorAction;
}

/** Where the link came from changes the next step (a new reset email vs. a new invitation). */
export type LinkContext = 'reset' | 'invite' | 'sign-in';

export const AUTH_ERROR_CODES: readonly AuthErrorCode[] = [
  'link_expired',
  'link_used',
  'access_denied',
  'session_expired',
  'account_disabled',
  'unknown',
];

export function toAuthErrorCode(value: string | null | undefined): AuthErrorCode {
  return AUTH_ERROR_CODES.includes(value as AuthErrorCode) ? (value as AuthErrorCode) : 'unknown';
}

/** What /auth/error says for each code, and the next step it offers. */
export function authErrorContent(code: AuthErrorCode, opts: { next?: string | null; context?: LinkContext } = {}): AuthErrorContent {
  const signIn: AuthErrorAction = { label: 'Go to sign in', to: paths.login.href({ next: opts.next }) };
  const newResetLink: AuthErrorAction = { label: 'Request a new link', to: paths.login.href({ forgot: true }) };

  switch (code) {
    case 'link_expired':
      return opts.context === 'invite'
        ? {
            title: 'This invitation has expired',
            explanation:
              'Invitation links work for a limited time. Ask your Switchboard administrator to send you a new invitation, then use it soon after it arrives.',
            primary: { label: 'Go to the front page', to: paths.home.href() },
            secondary: signIn,
          }
        : {
            title: 'This link has expired',
            explanation:
              'Links in password and sign-in emails work for a limited time. Request a new one and use it soon after it arrives.',
            primary: newResetLink,
            secondary: signIn,
          };
    case 'link_used':
      return opts.context === 'invite'
        ? {
            title: 'This invitation has already been used',
            explanation: 'Each invitation link works once. If you already set up your account, sign in with your email and password.',
            primary: signIn,
          }
        : {
            title: 'This link has already been used',
            explanation:
              'Each link works once. If you already chose a new password, sign in with it. Otherwise, request a new link.',
            primary: signIn,
            secondary: newResetLink,
          };
    case 'access_denied':
      return {
        title: 'Access denied',
        explanation:
          'Your account is not allowed to open that page. If you need it for your work, ask your Switchboard administrator to change your role or organizations.',
        primary: { label: 'Go to the overview', to: paths.overview.href() },
        secondary: { label: 'Sign in with another account', to: paths.login.href() },
      };
    case 'session_expired':
      return {
        title: 'Your session has expired',
        explanation:
          'For your security you were signed out after a period without activity, or after signing out on another device. Sign in again to continue where you left off.',
        primary: { label: 'Sign in again', to: paths.login.href({ next: opts.next }) },
      };
    case 'account_disabled':
      return {
        title: 'This account is disabled',
        explanation:
          'An administrator has turned this account off, so it cannot sign in. If you think this is a mistake, contact your Switchboard administrator.',
        primary: { label: 'Go to the front page', to: paths.home.href() },
      };
    default:
      return {
        title: 'Sign-in could not be completed',
        explanation: 'Something went wrong while checking your sign-in. Try again; if it keeps happening, contact your Switchboard administrator.',
        primary: signIn,
        secondary: { label: 'Go to the front page', to: paths.home.href() },
      };
  }
}

/**
 * Whether a failed reset/invitation request is about its token (expired, used, invalid)
 * rather than about the fields; returns the /auth/error code to explain it.
 */
export function tokenErrorCode(error: unknown): AuthErrorCode | null {
  if (!isApiError(error)) return null;
  if (error.code === 'link_expired' || error.code === 'token_expired') return 'link_expired';
  if (['link_used', 'token_used', 'conflict', 'invalid_transition'].includes(error.code)) return 'link_used';
  if (error.code === 'account_disabled') return 'account_disabled';
  if (['invalid_token', 'token_invalid', 'link_invalid', 'not_found'].includes(error.code)) {
    return 'link_expired';
  }
  if (error.code === 'validation_failed' && error.fields.token) return 'link_expired';
  return null;
}
