import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduleListResponse } from '@contracts/schedules';
import { apiFetch } from '@web/lib/api';

export const schedulesQueryKey = ['schedules'] as const;

/** `GET /api/organizations/:id/schedules` — each schedule with who is on duty now. */
export function listSchedules(organizationId: string, signal?: AbortSignal): Promise<ScheduleListResponse> {
  return apiFetch<ScheduleListResponse>(`/api/organizations/${encodeURIComponent(organizationId)}/schedules`, { signal });
}

export function schedulesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...schedulesQueryKey, 'list', organizationId] as const,
    queryFn: ({ signal }) => listSchedules(organizationId, signal),
    refetchInterval: 60_000,
  });
}

export function useSchedules(organizationId: string | null) {
  return useQuery({ ...schedulesQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
}
