import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Visit } from '@contracts/calendars';
import { apiFetch } from '@web/lib/api';
import { enc, visitsQueryKey } from './keys';

export const visitQueryKey = (id: string) => [...visitsQueryKey, 'detail', id] as const;

/** `GET /api/visits/:id` — opening a visit is an audited view of the patient's details. */
export function getVisit(id: string, signal?: AbortSignal): Promise<Visit> {
  return apiFetch<Visit>(`/api/visits/${enc(id)}`, { signal });
}

export function visitQueryOptions(id: string) {
  return queryOptions({ queryKey: visitQueryKey(id), queryFn: ({ signal }) => getVisit(id, signal) });
}

/** The visit, shown at once from the list's copy while the audited read answers. */
export function useVisit(id: string | null, fromList?: Visit) {
  return useQuery({ ...visitQueryOptions(id ?? ''), enabled: Boolean(id), placeholderData: fromList });
}
