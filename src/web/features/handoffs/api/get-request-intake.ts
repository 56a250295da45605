import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffIntakeResponse } from '@contracts/intake';
import { apiFetch } from '@web/lib/api';
import { handoffsQueryKey } from './list-handoffs';

export type { IntakeAnswer } from '@contracts/intake';
export type RequestIntake = StaffIntakeResponse;

/** `GET /api/appointment-requests/:id/intake` — the patient's intake form for the request (an audited view). */
export function requestIntakeQueryOptions(requestId: string) {
  return queryOptions({
    queryKey: [...handoffsQueryKey, 'intake', requestId] as const,
    queryFn: ({ signal }) => apiFetch<RequestIntake>(`/api/appointment-requests/${encodeURIComponent(requestId)}/intake`, { signal }),
  });
}

export function useRequestIntake(requestId: string, enabled: boolean) {
  return useQuery({ ...requestIntakeQueryOptions(requestId), enabled });
}
