import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { Member, MemberListResponse } from '@contracts/organizations';
import { organizationsQueryKey } from './list-organizations';

/** `GET /api/organizations/:id/members` — staff of the organization who can be put on duty. */
export async function listMembers(id: string, signal?: AbortSignal): Promise<Member[]> {
  return (await apiFetch<MemberListResponse>(`/api/organizations/${encodeURIComponent(id)}/members`, { signal })).items;
}

export function membersQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...organizationsQueryKey, 'members', id] as const,
    queryFn: ({ signal }) => listMembers(id, signal),
    staleTime: 60_000,
  });
}

export function useMembers(id: string | null) {
  return useQuery({ ...membersQueryOptions(id ?? ''), enabled: Boolean(id) });
}
