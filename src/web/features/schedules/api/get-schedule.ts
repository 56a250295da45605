import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Schedule } from '@contracts/schedules';
import { apiFetch } from '@web/lib/api';
import { schedulesQueryKey } from './list-schedules';

/** `GET /api/schedules/:id` — shifts, overrides and who is on duty now. */
export function getSchedule(id: string, signal?: AbortSignal): Promise<Schedule> {
  return apiFetch<Schedule>(`/api/schedules/${encodeURIComponent(id)}`, { signal });
}

export function scheduleQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...schedulesQueryKey, 'detail', id] as const,
    queryFn: ({ signal }) => getSchedule(id, signal),
    refetchInterval: 60_000,
  });
}

export function useSchedule(id: string | null) {
  return useQuery({ ...scheduleQueryOptions(id ?? ''), enabled: Boolean(id) });
}
