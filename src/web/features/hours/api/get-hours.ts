import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationHours } from '@contracts/hours';
import { apiFetch } from '@web/lib/api';

export const hoursQueryKey = ['hours'] as const;

/** `GET /api/organizations/:id/hours` — weekly hours and overrides in the organization's zone. */
export function getHours(organizationId: string, signal?: AbortSignal): Promise<OrganizationHours> {
  return apiFetch<OrganizationHours>(`/api/organizations/${encodeURIComponent(organizationId)}/hours`, { signal });
}

export function hoursQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...hoursQueryKey, organizationId] as const,
    queryFn: ({ signal }) => getHours(organizationId, signal),
    // An editor open in two tabs should not be refreshed under the user's hands.
    refetchOnWindowFocus: false,
  });
}

export function useHours(organizationId: string | null) {
  return useQuery({ ...hoursQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
}
