import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallBackBody, CreateSingleCallBody, OutboundJobDetail, OutboundJobList, OutboundQueueSummary } from '@contracts/outbound';
import { apiFetch } from '@web/lib/api';

export const outboundJobsQueryKey = ['outbound', 'jobs'] as const;
export const outboundSummaryQueryKey = ['outbound', 'summary'] as const;

/** `GET /api/outbound/jobs?kind=single` — single calls and handoff call-backs, newest first. */
export function useSingleCalls(organizationId: string | undefined) {
  return useInfiniteQuery({
    queryKey: [...outboundJobsQueryKey, 'single', organizationId ?? 'all'] as const,
    queryFn: ({ pageParam, signal }) => apiFetch<OutboundJobList>('/api/outbound/jobs', { query: { kind: 'single', organizationId, cursor: pageParam, limit: 25 }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** `GET /api/outbound/jobs?handoffId=` — the call-backs placed for one handoff. */
export function useHandoffCallBacks(handoffId: string) {
  return useQuery({
    queryKey: [...outboundJobsQueryKey, 'handoff', handoffId] as const,
    queryFn: ({ signal }) => apiFetch<OutboundJobList>('/api/outbound/jobs', { query: { handoffId, limit: 10 }, signal }),
  });
}

/** `POST /api/outbound/calls` */
export function useCreateSingleCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSingleCallBody) => apiFetch<OutboundJobDetail>('/api/outbound/calls', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboundJobsQueryKey }),
  });
}

/** `POST /api/handoffs/:id/call-back` — a call to the handoff's contact through the outbound queue. */
export function useCallBackHandoff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ handoffId, ...body }: CallBackBody & { handoffId: string }) =>
      apiFetch<OutboundJobDetail>(`/api/handoffs/${encodeURIComponent(handoffId)}/call-back`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboundJobsQueryKey }),
  });
}

/** `GET /api/outbound/summary` — the queue for /overview, and who places the calls. */
export function useOutboundSummary(organizationId?: string) {
  return useQuery({
    queryKey: [...outboundSummaryQueryKey, organizationId ?? 'all'] as const,
    queryFn: ({ signal }) => apiFetch<OutboundQueueSummary>('/api/outbound/summary', { query: { organizationId }, signal }),
  });
}
