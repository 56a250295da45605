import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@domain/auth/permissions';
import { apiFetch } from '@web/lib/api';
import type { User, UserSort, UserStatus } from '../types';

export interface UserListParams {
  q?: string;
  role?: Role;
  status?: UserStatus;
  organizationId?: string;
  sort: UserSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export interface UserListResponse {
  items: User[];
  total: number;
  page: number;
  pageSize: number;
}

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
