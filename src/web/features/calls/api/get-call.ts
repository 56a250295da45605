import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@web/lib/api';
import type { CallDetail } from '@contracts/calls';
import { callsQueryKey } from './list-calls';

/** `GET /api/calls/:id` — one call with its events, notes and linked records (audited on the server). */
export function getCall(id: string, signal?: AbortSignal): Promise<CallDetail> {
  return apiFetch<CallDetail>(`/api/calls/${encodeURIComponent(id)}`, { signal });
}

export const callQueryKey = (id: string) => [...callsQueryKey, 'detail', id] as const;

export function callQueryOptions(id: string) {
  return queryOptions({
    queryKey: callQueryKey(id),
    queryFn: ({ signal }) => getCall(id, signal),
    // Unknown, foreign or malformed ids are an answer, not a glitch to retry.
    retry: (count, error) => !(isApiError(error) && (error.status === 404 || error.status === 400)) && count < 2,
  });
}

export function useCall(id: string) {
  return useQuery(callQueryOptions(id));
}
