import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@web/lib/api';
import type { Session } from '../types';

/** `GET /api/session` → the session, or null when nobody is signed in (401). */
export async function getSession(signal?: AbortSignal): Promise<Session | null> {
  try {
    return await apiFetch<Session>('/api/session', { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
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
