import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { OrganizationListResponse, OrganizationSummary } from '@contracts/organizations';

/** Every query about organizations lives under this key; changes invalidate it as a whole. */
export const organizationsQueryKey = ['organizations'] as const;

export interface OrganizationListParams {
  /** Administrators: include deactivated organizations. */
  includeDeactivated?: boolean;
}

/** `GET /api/organizations` — the organizations the user may see. */
export async function listOrganizations(params: OrganizationListParams, signal?: AbortSignal): Promise<OrganizationSummary[]> {
  const response = await apiFetch<OrganizationListResponse>('/api/organizations', {
    query: { includeDeactivated: params.includeDeactivated ? true : undefined },
    signal,
  });
  return response.items;
}

export function organizationsQueryOptions(params: OrganizationListParams = {}) {
  return queryOptions({
    queryKey: [...organizationsQueryKey, 'list', params] as const,
    queryFn: ({ signal }) => listOrganizations(params, signal),
  });
}

export function useOrganizations(params: OrganizationListParams = {}) {
  return useQuery(organizationsQueryOptions(params));
}
