import type { AuthErrorCode } from '@web/lib/paths';
import { paths } from '@web/lib/paths';
import { isApiError, type ApiErrorCode } from '@web/lib/api';

export interface AuthErrorAction {
  label: string;
  to: string;
}

export interface AuthErrorContent {
  title: string;
  /** Why it happened. */
  explanation: string;
  /** What to do now, in a sentence (the buttons below it do it). */
  nextStep: string;
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

/**
 * What /auth/error says for each code, and the next step it offers. `given` is the code as the
 * address had it (none, or one this page does not know, both read as `unknown`).
 */
export function authErrorContent(code: AuthErrorCode, opts: { next?: string | null; context?: LinkContext; given?: string | null } = {}): AuthErrorContent {
  const signIn: AuthErrorAction = { label: 'Go to sign in', to: paths.login.href({ next: opts.next }) };
  const newResetLink: AuthErrorAction = { label: 'Request a new link', to: paths.login.href({ forgot: true }) };

  switch (code) {
    case 'link_expired':
      return opts.context === 'invite'
        ? {
            title: 'This invitation has expired',
            explanation: 'Invitation links work for a limited time, and this one is past it.',
            nextStep: 'Ask your Switchboard administrator to send you a new invitation, then use it soon after it arrives.',
            primary: { label: 'Go to the front page', to: paths.home.href() },
            secondary: signIn,
          }
        : {
            title: 'This link has expired',
            explanation: 'Links in password and sign-in emails work for a limited time, and this one is past it.',
            nextStep: 'Request a new link and use it soon after it arrives.',
            primary: newResetLink,
            secondary: signIn,
          };
    case 'link_used':
      return opts.context === 'invite'
        ? {
            title: 'This invitation has already been used',
            explanation: 'Each invitation link works once, and this one has been used.',
            nextStep: 'If you already set up your account, sign in with your email and password. If not, ask your administrator for a new invitation.',
            primary: signIn,
          }
        : {
            title: 'This link has already been used',
            explanation: 'Each link works once, and this one has been used.',
            nextStep: 'If you already chose a new password, sign in with it. Otherwise, request a new link.',
            primary: signIn,
            secondary: newResetLink,
          };
    case 'access_denied':
      return {
        title: 'Access denied',
        explanation: 'Your account is not allowed to open that page: its role or organizations do not include it.',
        nextStep: 'If you need it for your work, ask your Switchboard administrator to change your role or organizations, or sign in with another account.',
        primary: { label: 'Go to the overview', to: paths.overview.href() },
        secondary: { label: 'Sign in with another account', to: paths.login.href() },
      };
    case 'session_expired':
      return {
        title: 'Your session has expired',
        explanation: 'For your security you were signed out after a period without activity, or after signing out on another device.',
        nextStep: 'Sign in again to continue where you left off.',
        primary: { label: 'Sign in again', to: paths.login.href({ next: opts.next }) },
      };
    case 'account_disabled':
      return {
        title: 'This account is disabled',
        explanation: 'An administrator has turned this account off, so it cannot sign in.',
        nextStep: 'If you think this is a mistake, contact your Switchboard administrator and give them the reference below.',
        primary: { label: 'Go to the front page', to: paths.home.href() },
      };
    default:
      return opts.given === null || opts.given === undefined || opts.given === ''
        ? {
            title: 'No sign-in problem to explain',
            explanation:
              'This page explains why a sign-in or an email link did not work, but it was opened without saying what went wrong (the address has no code). A link copied only in part does this.',
            nextStep: 'If you followed a link from an email, open the whole link again or request a new one. Otherwise, sign in.',
            primary: signIn,
            secondary: newResetLink,
          }
        : {
            title: 'Sign-in could not be completed',
            explanation: `Something went wrong while checking your sign-in, and the reason given ("${opts.given.slice(0, 40)}") is not one this page knows.`,
            nextStep: 'Sign in again. If it keeps happening, contact your Switchboard administrator and give them the reference below.',
            primary: signIn,
        secondary: { label: 'Go to the front page', to: paths.home.href() },
      };
  }
}

const LINK_USED: readonly ApiErrorCode[] = ['link_used', 'conflict', 'invalid_transition'];
const LINK_INVALID: readonly ApiErrorCode[] = ['link_invalid', 'not_found'];

/**
 * Whether a failed reset/invitation request is about its token (expired, used, invalid)
 * rather than about the fields; returns the /auth/error code to explain it.
 */
export function tokenErrorCode(error: unknown): AuthErrorCode | null {
  if (!isApiError(error)) return null;
  if (error.code === 'link_expired') return 'link_expired';
  if (LINK_USED.includes(error.code)) return 'link_used';
  if (error.code === 'account_disabled') return 'account_disabled';
  if (LINK_INVALID.includes(error.code)) {
    return 'link_expired';
  }
  if (error.code === 'validation_failed' && error.fields.token) return 'link_expired';
  return null;
}

/**
 * A reference for support: the code, the moment and a short random part, e.g.
 * "AUTH-LINK_EXPIRED-20261125T0641Z-7K3F". It names what the page said and when, so a person
 * reporting the problem and the administrator reading the server's log talk about the same event.
 */
export function authErrorReference(code: AuthErrorCode, given: string | null, at: Date, random: () => number = Math.random): string {
  const what = code === 'unknown' ? (given ? 'UNKNOWN' : 'NO_CODE') : code.toUpperCase();
  const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\d{2}\.\d{3}Z$/, 'Z');
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const tail = Array.from({ length: 4 }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
  return `AUTH-${what}-${stamp}-${tail}`;
}
