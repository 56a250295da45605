import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { HandoffTextBody, HandoffTexts } from '@contracts/handoffs';
import { handoffsQueryKey } from './list-handoffs';
import { useHandoffsMutation } from './use-handoff-mutation';

/** `GET /api/handoffs/:id/texts` — the texts both ways, and whether (and what) may be texted. */
export function getHandoffTexts(id: string, signal?: AbortSignal): Promise<HandoffTexts> {
  return apiFetch<HandoffTexts>(`/api/handoffs/${encodeURIComponent(id)}/texts`, { signal });
}

/** Under the handoff's detail key: the live update that refreshes the page refreshes the thread. */
export function handoffTextsQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...handoffsQueryKey, 'detail', id, 'texts'] as const,
    queryFn: ({ signal }) => getHandoffTexts(id, signal),
  });
}

export const useHandoffTexts = (id: string) => useQuery(handoffTextsQueryOptions(id));

/** `POST /api/handoffs/:id/texts` — a template (and, to a confirmed number, words of one's own) through the outbox. */
export const sendHandoffText = ({ id, ...body }: HandoffTextBody & { id: string }) =>
  apiFetch<HandoffTexts>(`/api/handoffs/${encodeURIComponent(id)}/texts`, { method: 'POST', body });
export const useSendHandoffText = () => useHandoffsMutation(sendHandoffText);
