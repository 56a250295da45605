import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { OutboxListResponse, OutboxMessage, OutboxQuery } from '@contracts/developer';
import type { CursorPage } from '../use-cursor-pages';

/** `cursor`: the `cursor` of the last item of the previous page (the messages after it). */
export type OutboxParams = Pick<OutboxQuery, 'recipient' | 'cursor'> & { pageSize: number };

/** `GET /api/developer/outbox` — emails and text messages, newest first. */
export async function listOutbox({ pageSize, ...params }: OutboxParams, signal?: AbortSignal): Promise<CursorPage<OutboxMessage>> {
  // One more than a page tells whether there is a next one.
  const { items } = await apiFetch<OutboxListResponse>('/api/developer/outbox', {
    query: { ...params, limit: pageSize + 1 },
    signal,
  });
  return { items: items.slice(0, pageSize), hasMore: items.length > pageSize };
}

export const outboxQueryKey = ['developer', 'outbox'] as const;

export function outboxQueryOptions(params: OutboxParams) {
  return queryOptions({
    queryKey: [...outboxQueryKey, params] as const,
    queryFn: ({ signal }) => listOutbox(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOutbox(params: OutboxParams) {
  return useQuery(outboxQueryOptions(params));
}
