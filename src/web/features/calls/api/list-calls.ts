import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { CallListResponse, CallSearchBody } from '@contracts/calls';

/** Every query about calls lives under this key; live updates invalidate it. */
export const callsQueryKey = ['calls'] as const;

/**
 * `POST /api/calls/search` — one keyset page of calls, filtered and sorted on the server. A POST
 * because the phone number and transcript words name people: they go in the body, never in a URL.
 */
export function listCalls(params: CallSearchBody, signal?: AbortSignal): Promise<CallListResponse> {
  return apiFetch<CallListResponse>('/api/calls/search', { method: 'POST', body: params, signal });
}

export function callsQueryOptions(params: CallSearchBody) {
  return queryOptions({
    queryKey: [...callsQueryKey, 'list', params] as const,
    queryFn: ({ signal }) => listCalls(params, signal),
    // Keep showing the previous page while the next one loads (no flash of skeletons).
    placeholderData: keepPreviousData,
  });
}

export function useCalls(params: CallSearchBody) {
  return useQuery(callsQueryOptions(params));
}
