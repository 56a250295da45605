import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { setAuthFailureHandler } from '@web/lib/api';
import { currentPathForNext, isPublicPath, paths } from '@web/lib/paths';
import { sessionQueryKey } from '@web/lib/queries/get-session';
import { setSignOutReason } from '@web/lib/sign-out-reason';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * What happens when the API says the session is gone (401 outside the session endpoints),
 * a temporary password must be changed first (403 password_change_required), or the user's
 * role requires two-factor and they have not turned it on (403 two_factor_setup_required).
 */
export function installAuthFailureHandler(router: Router, queryClient: QueryClient): void {
  setAuthFailureHandler((failure) => {
    const location = router.state.location;
    if (failure.kind === 'unauthenticated') {
      // Clearing the session makes the staff layout send the user to /login?next=…,
      // and back here after signing in. Public pages carry on without a session.
      setSignOutReason(isPublicPath(location.pathname) ? null : 'session_expired');
      // What the signed-in pages had loaded (patients, calls) does not outlive the session.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, null);
      return;
    }
    if (failure.kind === 'two_factor_setup_required') {
      // The reloaded session says twoFactorRequired; the staff layout then keeps the user on
      // /profile (and /change-password) until two-factor is on.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      if (location.pathname !== paths.profile.path && location.pathname !== paths.changePassword.path) {
        void router.navigate(paths.profile.path, { replace: true });
      }
      return;
    }
    if (location.pathname !== paths.changePassword.path) {
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      void router.navigate(paths.changePassword.href(currentPathForNext(location)), { replace: true });
    }
  });
}
