import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { ScheduleSummary } from '../types';

export const schedulesQueryKey = ['schedules'] as const;

/** `GET /api/organizations/:id/schedules` — each schedule with who is on duty now. */
export function listSchedules(organizationId: string, signal?: AbortSignal): Promise<{ timeZone: string; items: ScheduleSummary[] }> {
  return apiFetch(`/api/organizations/${encodeURIComponent(organizationId)}/schedules`, { signal });
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
