import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduleOptionsResponse } from '@contracts/appointment-requests';
import { apiFetch } from '@web/lib/api';
import { handoffsQueryKey } from './list-handoffs';

export type ScheduleOptions = ScheduleOptionsResponse;

/**
 * `GET /api/appointment-requests/:id/schedule-options` — preferences, office hours, suggested slots
 * for a visit of this length, kept clear of `clinician`'s visits when one is chosen ('' for none).
 */
export function scheduleOptionsQueryOptions(requestId: string, durationMinutes: number, clinician = '') {
  const name = clinician.trim();
  const query = new URLSearchParams({ durationMinutes: String(durationMinutes), ...(name ? { clinician: name } : {}) });
  return queryOptions({
    queryKey: [...handoffsQueryKey, 'schedule-options', requestId, durationMinutes, name] as const,
    queryFn: ({ signal }) => apiFetch<ScheduleOptions>(`/api/appointment-requests/${encodeURIComponent(requestId)}/schedule-options?${query}`, { signal }),
  });
}

/** Keeps the last answer on screen while another length's or clinician's suggestions load. */
export function useScheduleOptions(requestId: string, durationMinutes: number, clinician = '') {
  return useQuery({ ...scheduleOptionsQueryOptions(requestId, durationMinutes, clinician), placeholderData: keepPreviousData });
}
