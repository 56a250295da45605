import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { HandoffPriority } from '../types';
import { handoffsQueryKey } from './list-handoffs';

export interface DeadlineRule {
  minutes: number;
  defaultMinutes: number;
  custom: boolean;
  /** Counted in the organization's business hours (urgent counts clock time). */
  business: boolean;
}

export interface HandoffDeadlines {
  organizationId: string;
  timeZone: string;
  rules: Record<HandoffPriority, DeadlineRule>;
  updatedAt: string | null;
}

/** Minutes per priority; null goes back to the default. */
export type DeadlinesInput = Record<HandoffPriority, number | null>;

const url = (organizationId: string) => `/api/organizations/${encodeURIComponent(organizationId)}/handoff-deadlines`;

/** `GET /api/organizations/:id/handoff-deadlines` */
export function deadlinesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: [...handoffsQueryKey, 'deadlines', organizationId] as const,
    queryFn: ({ signal }) => apiFetch<HandoffDeadlines>(url(organizationId), { signal }),
  });
}

export function useDeadlines(organizationId: string | null) {
  return useQuery({ ...deadlinesQueryOptions(organizationId ?? ''), enabled: Boolean(organizationId) });
}

/** `PUT /api/organizations/:id/handoff-deadlines` — applies to handoffs created from now on. */
export function useSaveDeadlines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organizationId, ...body }: DeadlinesInput & { organizationId: string }) => apiFetch<HandoffDeadlines>(url(organizationId), { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(deadlinesQueryOptions(saved.organizationId).queryKey, saved),
  });
}
