import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActiveSession, SessionListResponse } from '@contracts/profile';
import { apiFetch } from '@web/lib/api';

/** `GET /api/profile/sessions` — where the user is signed in (sessions still within the idle timeout). */
export async function listSessions(signal?: AbortSignal): Promise<ActiveSession[]> {
  const response = await apiFetch<SessionListResponse>('/api/profile/sessions', { signal });
  // This device first, then the most recently active.
  return [...response.items].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt),
  );
}

export const sessionsQueryKey = ['profile', 'sessions'] as const;

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => listSessions(signal) });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
