import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OpenTimesResponse } from '@contracts/calendars';
import { apiFetch } from '@web/lib/api';
import { enc, visitsQueryKey } from './keys';

/** What the booking form asks for (staff rules; the default 15-minute grid). */
export interface OpenTimesSearch {
  visitTypeId: string;
  clinicianId?: string;
  locationId?: string;
  /** First date, in the organization's zone. */
  from?: string;
  days?: number;
  limit?: number;
}

/** `GET /api/organizations/:id/open-times` — a clinician's (or the first available) open starts of a visit type, as staff may book them. */
export function getOpenTimes(organizationId: string, search: OpenTimesSearch, signal?: AbortSignal): Promise<OpenTimesResponse> {
  return apiFetch<OpenTimesResponse>(`/api/organizations/${enc(organizationId)}/open-times`, { query: { ...search, channel: 'staff' }, signal });
}

export function openTimesQueryOptions(organizationId: string, search: OpenTimesSearch) {
  return queryOptions({
    queryKey: [...visitsQueryKey, 'open-times', organizationId, search] as const,
    queryFn: ({ signal }) => getOpenTimes(organizationId, search, signal),
    // Others book too: what was open a minute ago may not be now.
    staleTime: 15_000,
    refetchInterval: 60_000,
  });
}

export function useOpenTimes(organizationId: string, search: OpenTimesSearch | null) {
  return useQuery({
    ...openTimesQueryOptions(organizationId, search ?? { visitTypeId: '' }),
    enabled: Boolean(organizationId && search?.visitTypeId),
    placeholderData: keepPreviousData,
  });
}
