import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { HandoffList, HandoffPriority, HandoffTab, HandoffType } from '../types';

/** Every handoff query lives under this key; a live event or a change invalidates it as a whole. */
export const handoffsQueryKey = ['handoffs'] as const;

export interface HandoffListParams {
  tab: HandoffTab;
  organizationId?: string;
  type?: HandoffType;
  priority?: HandoffPriority;
  /** A user id, or `unassigned`. */
  assigneeId?: string;
  page?: number;
}

/** `GET /api/handoffs` — one tab of the queue, filtered, by priority then deadline. */
export function listHandoffs(params: HandoffListParams, signal?: AbortSignal): Promise<HandoffList> {
  return apiFetch<HandoffList>('/api/handoffs', { query: { ...params }, signal });
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
