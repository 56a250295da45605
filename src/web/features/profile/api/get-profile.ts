import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@contracts/profile';
import { apiFetch } from '@web/lib/api';

/** `GET /api/profile` — the signed-in user's own details. */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiFetch<Profile>('/api/profile', { signal });
}

export const profileQueryKey = ['profile'] as const;

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
