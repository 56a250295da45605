import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { CallListQuery, CallListResponse } from '@contracts/calls';

/** Every query about calls lives under this key; live updates invalidate it. */
export const callsQueryKey = ['calls'] as const;

/** `GET /api/calls` — one keyset page of calls, filtered and sorted on the server. */
export function listCalls(params: CallListQuery, signal?: AbortSignal): Promise<CallListResponse> {
  return apiFetch<CallListResponse>('/api/calls', { query: { ...params }, signal });
}

export function callsQueryOptions(params: CallListQuery) {
  return queryOptions({
    queryKey: [...callsQueryKey, 'list', params] as const,
    queryFn: ({ signal }) => listCalls(params, signal),
    // Keep showing the previous page while the next one loads (no flash of skeletons).
    placeholderData: keepPreviousData,
  });
}

export function useCalls(params: CallListQuery) {
  return useQuery(callsQueryOptions(params));
}
