import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { DeadlinesBody, DeadlinesView } from '@contracts/handoffs';
import { handoffsQueryKey } from './list-handoffs';

const url = (organizationId: string) => `/api/organizations/${encodeURIComponent(organizationId)}/handoff-deadlines`;

/** `GET /api/organizations/:id/handoff-deadlines` */
export function deadlinesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...handoffsQueryKey, 'deadlines', organizationId] as const,
    queryFn: ({ signal }) => apiFetch<DeadlinesView>(url(organizationId), { signal }),
  });
}

export function useDeadlines(organizationId: string | null) {
  return useQuery({ ...deadlinesQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
}

/** `PUT /api/organizations/:id/handoff-deadlines` — applies to handoffs created from now on. */
export function useSaveDeadlines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organizationId, ...body }: DeadlinesBody & { organizationId: string }) => apiFetch<DeadlinesView>(url(organizationId), { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(deadlinesQueryOptions(saved.organizationId).queryKey, saved),
  });
}
