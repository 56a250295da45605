import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationListResponse, OrganizationSummary } from '@contracts/organizations';
import { apiFetch } from '@web/lib/api';

/** The little the users page needs to know about an organization. */
export type OrganizationOption = Pick<OrganizationSummary, 'id' | 'name' | 'status'>;

/**
 * `GET /api/organizations?includeDeactivated=true` — every organization, for naming a user's
 * organizations (deactivated ones included) and for the organization pickers.
 */
export async function listOrganizationOptions(signal?: AbortSignal): Promise<OrganizationOption[]> {
  const response = await apiFetch<OrganizationListResponse>('/api/organizations', {
    query: { includeDeactivated: true },
    signal,
  });
  return response.items
    .map(({ id, name, status }) => ({ id, name, status }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function organizationOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['organizations', 'options'] as const,
    queryFn: ({ signal }) => listOrganizationOptions(signal),
    staleTime: 60_000,
  });
}

export function useOrganizationOptions() {
  return useQuery(organizationOptionsQueryOptions());
}
