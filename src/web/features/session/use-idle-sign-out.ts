import * as React from 'react';
import { lastServerContact, reportSessionExpired } from '@web/lib/api';

/** How often the page compares the time since its last request with the idle limit. */
const CHECK_EVERY_MS = 15_000;

/**
 * Signs the page out once the server's idle limit has passed since its last request, even
 * when the page makes no requests of its own: a screen left open must not keep showing
 * patients' details after the session behind it has ended. (The check itself sends nothing,
 * so it does not keep the session alive.) Also checked when the tab becomes visible again,
 * as after a laptop was asleep.
 */
export function useIdleSignOut(idleTimeoutSeconds: number | null | undefined): void {
  React.useEffect(() => {
    if (!idleTimeoutSeconds) return;
    const check = () => {
      if (Date.now() - lastServerContact() >= idleTimeoutSeconds * 1000) reportSessionExpired();
    };
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [idleTimeoutSeconds]);
}
