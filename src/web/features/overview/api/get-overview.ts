import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { OverviewResponse } from '@contracts/overview';

/** `GET /api/overview` — today at a glance (admin, supervisor, agent). */
export function getOverview(signal?: AbortSignal): Promise<OverviewResponse> {
  return apiFetch<OverviewResponse>('/api/overview', { signal });
}

export const overviewQueryKey = ['overview'] as const;

export function overviewQueryOptions() {
  return queryOptions({
    queryKey: overviewQueryKey,
    queryFn: ({ signal }) => getOverview(signal),
    // Live events refresh it; the minute refetch moves "open now" and the day's turn.
    refetchInterval: 60_000,
  });
}

export function useOverview(enabled = true) {
  return useQuery({ ...overviewQueryOptions(), enabled });
}
