import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { CursorPage, ErrorEvent } from '../types';

export const ERROR_SOURCES = ['server', 'client', 'worker'] as const;
export type ErrorSource = (typeof ERROR_SOURCES)[number];

export interface ErrorListParams {
  source?: ErrorSource;
  /** The `cursor` of the last item of the previous page: the errors after it. */
  cursor?: string;
  pageSize: number;
}

/** `GET /api/developer/errors` — the error log, newest first. */
export async function listErrors({ pageSize, ...params }: ErrorListParams, signal?: AbortSignal): Promise<CursorPage<ErrorEvent>> {
  const { items } = await apiFetch<{ items: ErrorEvent[] }>('/api/developer/errors', {
    query: { ...params, limit: pageSize + 1 },
    signal,
  });
  return { items: items.slice(0, pageSize), hasMore: items.length > pageSize };
}

export const errorsQueryKey = ['developer', 'errors'] as const;

export function errorsQueryOptions(params: ErrorListParams) {
  return queryOptions({
    queryKey: [...errorsQueryKey, 'list', params] as const,
    queryFn: ({ signal }) => listErrors(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useErrors(params: ErrorListParams) {
  return useQuery(errorsQueryOptions(params));
}
