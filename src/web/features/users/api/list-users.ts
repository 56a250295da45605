import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserListParams, UserListResponse } from '@contracts/users';
import { apiFetch } from '@web/lib/api';

/** `GET /api/users` — one page of staff users, filtered and sorted on the server. */
export function listUsers(params: UserListParams, signal?: AbortSignal): Promise<UserListResponse> {
  return apiFetch<UserListResponse>('/api/users', { query: { ...params }, signal });
}

export const usersQueryKey = ['users'] as const;

export function usersQueryOptions(params: UserListParams) {
  return queryOptions({
    queryKey: [...usersQueryKey, 'list', params] as const,
    queryFn: ({ signal }) => listUsers(params, signal),
    // Keep showing the previous page while the next one loads (no flash of skeletons).
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: UserListParams) {
  return useQuery(usersQueryOptions(params));
}
