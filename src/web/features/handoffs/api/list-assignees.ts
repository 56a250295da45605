import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { AssigneeOptions } from '@contracts/handoffs';
import { handoffsQueryKey } from './list-handoffs';

/** `GET /api/handoffs/:id/assignees` — who can take it, with the on-duty person suggested. */
export function listAssignees(id: string, signal?: AbortSignal): Promise<AssigneeOptions> {
  return apiFetch<AssigneeOptions>(`/api/handoffs/${encodeURIComponent(id)}/assignees`, { signal });
}

export function assigneesQueryOptions(id: string) {
  return queryOptions({ queryKey: [...handoffsQueryKey, 'assignees', id] as const, queryFn: ({ signal }) => listAssignees(id, signal) });
}

export function useAssignees(id: string, enabled: boolean) {
  return useQuery({ ...assigneesQueryOptions(id), enabled });
}
