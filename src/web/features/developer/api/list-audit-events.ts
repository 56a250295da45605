import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { AuditEvent, AuditListResponse, AuditQuery } from '@contracts/developer';
import type { CursorPage } from '../use-cursor-pages';

/** `before`: the id of the last event of the previous page. */
export type AuditParams = Pick<AuditQuery, 'action' | 'before'> & { pageSize: number };

/** `GET /api/audit` — the audit log, newest first (administrators). */
export async function listAuditEvents({ pageSize, ...params }: AuditParams, signal?: AbortSignal): Promise<CursorPage<AuditEvent>> {
  const { items } = await apiFetch<AuditListResponse>('/api/audit', { query: { ...params, limit: pageSize + 1 }, signal });
  return { items: items.slice(0, pageSize), hasMore: items.length > pageSize };
}

export const auditQueryKey = ['developer', 'audit'] as const;

export function auditQueryOptions(params: AuditParams) {
  return queryOptions({
    queryKey: [...auditQueryKey, params] as const,
    queryFn: ({ signal }) => listAuditEvents(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuditEvents(params: AuditParams) {
  return useQuery(auditQueryOptions(params));
}
