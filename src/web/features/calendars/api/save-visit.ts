import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookBody, Booking, CancelVisitBody, Visit, VisitStatusBody } from '@contracts/calendars';
import { apiFetch } from '@web/lib/api';
import { visitQueryKey } from './get-visit';
import { enc, visitsQueryKey } from './keys';

/** Any change to a visit makes the day and week views and the open times stale. */
function useVisitMutation<T, R extends Visit | Booking>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (answer) => {
      const visit: Visit = 'warnings' in answer ? answer.visit : answer;
      queryClient.setQueryData(visitQueryKey(visit.id), visit);
      return queryClient.invalidateQueries({ queryKey: visitsQueryKey, predicate: (q) => q.queryKey[2] !== 'detail' });
    },
  });
}

/** `POST /api/organizations/:id/visits` — 409 `slot_taken` ("That time was just taken") carries the next open times. */
export const useBookVisit = () =>
  useVisitMutation(({ organizationId, ...body }: BookBody & { organizationId: string }) => apiFetch<Booking>(`/api/organizations/${enc(organizationId)}/visits`, { method: 'POST', body }));

/** `POST /api/visits/:id/cancel` — its time is free at once. */
export const useCancelVisit = () => useVisitMutation(({ id, ...body }: CancelVisitBody & { id: string }) => apiFetch<Visit>(`/api/visits/${enc(id)}/cancel`, { method: 'POST', body }));

/** `POST /api/visits/:id/status` — confirmed, or once begun completed or a no-show (409 `invalid_transition` otherwise). */
export const useSetVisitStatus = () => useVisitMutation(({ id, ...body }: VisitStatusBody & { id: string }) => apiFetch<Visit>(`/api/visits/${enc(id)}/status`, { method: 'POST', body }));
