import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Coverage } from '@contracts/schedules';
import { apiFetch } from '@web/lib/api';
import { schedulesQueryKey } from './list-schedules';

/** `GET /api/schedules/:id/coverage?days=7` — who is on duty over whole days in the organization's zone. */
export function getCoverage(id: string, days: number, signal?: AbortSignal): Promise<Coverage> {
  return apiFetch<Coverage>(`/api/schedules/${encodeURIComponent(id)}/coverage`, { query: { days }, signal });
}

export function coverageQueryOptions(id: string, days = 7) {
  return queryOptions({
    queryKey: [...schedulesQueryKey, 'coverage', id, days] as const,
    queryFn: ({ signal }) => getCoverage(id, days, signal),
    refetchInterval: 5 * 60_000,
  });
}

export function useCoverage(id: string | null, days = 7) {
  return useQuery({ ...coverageQueryOptions(id ?? '', days), enabled: Boolean(id) });
}
