import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpenNow } from '@contracts/hours';
import { apiFetch } from '@web/lib/api';
import { organizationsQueryKey } from '@web/lib/queries/list-organizations';

/** `GET /api/organizations/open-now` — open or closed now for every organization the user may see. */
export async function getOpenNow(signal?: AbortSignal): Promise<OpenNow> {
  return apiFetch<OpenNow>('/api/organizations/open-now', { signal });
}

export function openNowQueryOptions() {
  return queryOptions({
    queryKey: [...organizationsQueryKey, 'open-now'] as const,
    queryFn: ({ signal }) => getOpenNow(signal),
    // The countdown moves by the minute.
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}

export function useOpenNow() {
  return useQuery(openNowQueryOptions());
}
