import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { HandoffDetail } from '@contracts/handoffs';
import { handoffsQueryKey } from './list-handoffs';

/** `GET /api/handoffs/:id` — the handoff with its history, call or request, and the patient's history. */
export function getHandoff(id: string, signal?: AbortSignal): Promise<HandoffDetail> {
  return apiFetch<HandoffDetail>(`/api/handoffs/${encodeURIComponent(id)}`, { signal });
}

export function handoffQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...handoffsQueryKey, 'detail', id] as const,
    queryFn: ({ signal }) => getHandoff(id, signal),
  });
}

export function useHandoff(id: string) {
  return useQuery(handoffQueryOptions(id));
}
