import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '@contracts/session';
import { apiFetch, isApiError } from '@web/lib/api';
import { peekSignOutReason, setSignOutReason } from '../sign-out-reason';

let wasSignedIn = false;

/** `GET /api/session` → the session, or null when nobody is signed in (401). */
export async function getSession(signal?: AbortSignal): Promise<Session | null> {
  try {
    const session = await apiFetch<Session>('/api/session', { signal });
    wasSignedIn = Boolean(session?.user);
    return session;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      // Signed in a moment ago and now not (expired, or signed out elsewhere): say so on /login.
      if ((wasSignedIn || error.code === 'session_expired') && peekSignOutReason() === null) setSignOutReason('session_expired');
      wasSignedIn = false;
      return null;
    }
    throw error;
  }
}

export const sessionQueryKey = ['session'] as const;

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 30_000,
    retry: 1,
  });
}

/** The signed-in staff session (`data` is null when signed out). */
export function useSession() {
  return useQuery(sessionQueryOptions());
}
