import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { CallDirection, CallListResponse, CallOutcome, CallSort, CallStatus } from '../types';

export interface CallListParams {
  organizationId?: string;
  direction?: CallDirection;
  status?: CallStatus;
  outcome?: CallOutcome | 'none';
  from?: string;
  to?: string;
  hasHandoff?: boolean;
  live?: boolean;
  phone?: string;
  q?: string;
  sort: CallSort;
  order: 'asc' | 'desc';
  limit: number;
  after?: string;
  before?: string;
}

/** Every query about calls lives under this key; live updates invalidate it. */
export const callsQueryKey = ['calls'] as const;

/** `GET /api/calls` — one keyset page of calls, filtered and sorted on the server. */
export function listCalls(params: CallListParams, signal?: AbortSignal): Promise<CallListResponse> {
  return apiFetch<CallListResponse>('/api/calls', { query: { ...params }, signal });
}

export function callsQueryOptions(params: CallListParams) {
  return queryOptions({
    queryKey: [...callsQueryKey, 'list', params] as const,
    queryFn: ({ signal }) => listCalls(params, signal),
    // Keep showing the previous page while the next one loads (no flash of skeletons).
    placeholderData: keepPreviousData,
  });
}

export function useCalls(params: CallListParams) {
  return useQuery(callsQueryOptions(params));
}
