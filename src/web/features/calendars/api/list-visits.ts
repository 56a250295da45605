import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VisitListResponse, VisitsQuery } from '@contracts/calendars';
import { apiFetch } from '@web/lib/api';
import { enc, visitsQueryKey } from './keys';

export type VisitsSearch = Required<Pick<VisitsQuery, 'date' | 'view'>> & Pick<VisitsQuery, 'clinicianId' | 'locationId'>;

/** `GET /api/organizations/:id/visits` — a day's or a week's (Monday to Sunday) visits, for a clinician or a location if asked. */
export function listVisits(organizationId: string, search: VisitsSearch, signal?: AbortSignal): Promise<VisitListResponse> {
  return apiFetch<VisitListResponse>(`/api/organizations/${enc(organizationId)}/visits`, { query: search, signal });
}

export function visitsQueryOptions(organizationId: string, search: VisitsSearch) {
  return queryOptions({
    queryKey: [...visitsQueryKey, 'list', organizationId, search] as const,
    queryFn: ({ signal }) => listVisits(organizationId, search, signal),
    refetchInterval: 60_000,
  });
}

export function useVisits(organizationId: string | null, search: VisitsSearch, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...visitsQueryOptions(organizationId ?? '', search), enabled: enabled && Boolean(organizationId), placeholderData: keepPreviousData });
}
