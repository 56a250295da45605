import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Location } from '@contracts/calendars';
import { apiFetch } from '@web/lib/api';
import { calendarsQueryKey, enc } from './keys';

/** `GET /api/organizations/:id/locations` — in use or not, by name. */
export async function listLocations(organizationId: string, signal?: AbortSignal): Promise<Location[]> {
  return (await apiFetch<{ items: Location[] }>(`/api/organizations/${enc(organizationId)}/locations`, { signal })).items;
}

export function locationsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...calendarsQueryKey, 'locations', organizationId] as const,
    queryFn: ({ signal }) => listLocations(organizationId, signal),
    staleTime: 60_000,
  });
}

export function useLocations(organizationId: string | null) {
  return useQuery({ ...locationsQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
}
