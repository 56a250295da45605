import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClinicianSummary } from '@contracts/calendars';
import { apiFetch } from '@web/lib/api';
import { calendarsQueryKey, enc } from './keys';

/** `GET /api/organizations/:id/clinicians` — each with the visit types they do. */
export async function listClinicians(organizationId: string, signal?: AbortSignal): Promise<ClinicianSummary[]> {
  return (await apiFetch<{ items: ClinicianSummary[] }>(`/api/organizations/${enc(organizationId)}/clinicians`, { signal })).items;
}

export function cliniciansQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...calendarsQueryKey, 'clinicians', organizationId] as const,
    queryFn: ({ signal }) => listClinicians(organizationId, signal),
    staleTime: 60_000,
  });
}

export function useClinicians(organizationId: string | null) {
  return useQuery({ ...cliniciansQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
}
