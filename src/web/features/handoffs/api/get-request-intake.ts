import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { handoffsQueryKey } from './list-handoffs';

export type IntakeAnswer = string | boolean | string[];

export interface RequestIntake {
  appointmentRequestId: string;
  intake: {
    id: string;
    status: 'in_progress' | 'submitted';
    answers: Record<string, Record<string, IntakeAnswer>>;
    signatureName: string | null;
    submittedAt: string | null;
    updatedAt: string;
    formVersion: number;
    fhirUrl: string;
  } | null;
  form: { id: string; text: string; fields: { id: string; text: string; type: string }[] }[];
}

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
