import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VisitType } from '@contracts/calendars';
import { apiFetch } from '@web/lib/api';
import { calendarsQueryKey, enc } from './keys';

/** `GET /api/organizations/:id/visit-types` — in use or not. */
export async function listVisitTypes(organizationId: string, signal?: AbortSignal): Promise<VisitType[]> {
  return (await apiFetch<{ items: VisitType[] }>(`/api/organizations/${enc(organizationId)}/visit-types`, { signal })).items;
}

export function visitTypesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...calendarsQueryKey, 'visit-types', organizationId] as const,
    queryFn: ({ signal }) => listVisitTypes(organizationId, signal),
    staleTime: 60_000,
  });
}

export function useVisitTypes(organizationId: string | null) {
  return useQuery({ ...visitTypesQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
}
