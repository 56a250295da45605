import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { HandoffListParams, HandoffListResponse } from '@contracts/handoffs';

/** Every handoff query lives under this key; a live event or a change invalidates it as a whole. */
export const handoffsQueryKey = ['handoffs'] as const;

/** `GET /api/handoffs` — one tab of the queue, filtered, by priority then deadline. */
export function listHandoffs(params: HandoffListParams, signal?: AbortSignal): Promise<HandoffListResponse> {
  return apiFetch<HandoffListResponse>('/api/handoffs', { query: { ...params }, signal });
}

export function handoffsQueryOptions(params: HandoffListParams) {
  return queryOptions({
    queryKey: [...handoffsQueryKey, 'list', params] as const,
    queryFn: ({ signal }) => listHandoffs(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useHandoffs(params: HandoffListParams) {
  return useQuery(handoffsQueryOptions(params));
}
