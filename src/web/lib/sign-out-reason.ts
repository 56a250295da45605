import type { LoginReason } from '@web/lib/paths';

/**
 * Why the staff session just ended, so the redirect to /login can say so
 * ("Your session expired", "You have signed out"). Set right before the cached session is
 * cleared; read by the staff layout when it redirects; cleared by a successful sign-in.
 */
let reason: LoginReason | null = null;

export function setSignOutReason(next: LoginReason | null): void {
  reason = next;
}

export function peekSignOutReason(): LoginReason | null {
  return reason;
}
