import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduleOptionsResponse } from '@contracts/appointment-requests';
import { apiFetch } from '@web/lib/api';
import { handoffsQueryKey } from './list-handoffs';

export type ScheduleOptions = ScheduleOptionsResponse;

/** `GET /api/appointment-requests/:id/schedule-options` — preferences, office hours, suggested slots for a visit of this length. */
export function scheduleOptionsQueryOptions(requestId: string, durationMinutes: number) {
  return queryOptions({
    queryKey: [...handoffsQueryKey, 'schedule-options', requestId, durationMinutes] as const,
    queryFn: ({ signal }) => apiFetch<ScheduleOptions>(`/api/appointment-requests/${encodeURIComponent(requestId)}/schedule-options?durationMinutes=${durationMinutes}`, { signal }),
  });
}

/** Keeps the last answer on screen while another length's suggestions load. */
export function useScheduleOptions(requestId: string, durationMinutes: number) {
  return useQuery({ ...scheduleOptionsQueryOptions(requestId, durationMinutes), placeholderData: keepPreviousData });
}
