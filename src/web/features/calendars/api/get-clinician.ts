import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Clinician } from '@contracts/calendars';
import { apiFetch } from '@web/lib/api';
import { calendarsQueryKey, enc } from './keys';

export const clinicianQueryKey = (id: string) => [...calendarsQueryKey, 'clinician', id] as const;

/** `GET /api/clinicians/:id` — weekly availability, exceptions and what lies outside office hours. */
export function getClinician(id: string, signal?: AbortSignal): Promise<Clinician> {
  return apiFetch<Clinician>(`/api/clinicians/${enc(id)}`, { signal });
}

export function clinicianQueryOptions(id: string) {
  return queryOptions({ queryKey: clinicianQueryKey(id), queryFn: ({ signal }) => getClinician(id, signal) });
}

export function useClinician(id: string | null) {
  return useQuery({ ...clinicianQueryOptions(id ?? ''), enabled: Boolean(id) });
}
