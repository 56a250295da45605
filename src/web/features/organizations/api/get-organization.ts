import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { Organization } from '@contracts/organizations';
import { organizationsQueryKey } from '@web/lib/queries/list-organizations';

/** `GET /api/organizations/:id` — one organization with its agent and appointment settings. */
export function getOrganization(id: string, signal?: AbortSignal): Promise<Organization> {
  return apiFetch<Organization>(`/api/organizations/${encodeURIComponent(id)}`, { signal });
}

export function organizationQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...organizationsQueryKey, 'detail', id] as const,
    queryFn: ({ signal }) => getOrganization(id, signal),
  });
}

export function useOrganization(id: string | null) {
  return useQuery({ ...organizationQueryOptions(id ?? ''), enabled: Boolean(id) });
}
