import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@web/lib/api';
import type { ChatContextResponse } from '@contracts/calls';
import { callsQueryKey } from './list-calls';

/** `GET /api/calls/:id/chat-context` — the agent's context turn by turn. */
export function getChatContext(id: string, signal?: AbortSignal): Promise<ChatContextResponse> {
  return apiFetch<ChatContextResponse>(`/api/calls/${encodeURIComponent(id)}/chat-context`, { signal });
}

export const chatContextQueryKey = (id: string) => [...callsQueryKey, 'chat-context', id] as const;

export function chatContextQueryOptions(id: string) {
  return queryOptions({
    queryKey: chatContextQueryKey(id),
    queryFn: ({ signal }) => getChatContext(id, signal),
    retry: (count, error) => !(isApiError(error) && (error.status === 404 || error.status === 400)) && count < 2,
  });
}

export function useChatContext(id: string) {
  return useQuery(chatContextQueryOptions(id));
}
