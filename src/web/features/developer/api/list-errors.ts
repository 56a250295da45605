import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { ErrorListItem, ErrorListQuery, ErrorListResponse } from '@contracts/developer';
import type { CursorPage } from '../use-cursor-pages';

/** `cursor`: the `cursor` of the last item of the previous page (the errors after it). */
export type ErrorListParams = Pick<ErrorListQuery, 'source' | 'cursor'> & { pageSize: number };

/** `GET /api/developer/errors` — the error log, newest first. */
export async function listErrors({ pageSize, ...params }: ErrorListParams, signal?: AbortSignal): Promise<CursorPage<ErrorListItem>> {
  const { items } = await apiFetch<ErrorListResponse>('/api/developer/errors', {
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
