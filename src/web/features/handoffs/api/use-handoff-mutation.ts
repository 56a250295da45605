import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { TransitionResponse } from '@contracts/appointment-requests';
import type { HandoffUpdated } from '@contracts/handoffs';
import { handoffsQueryKey } from './list-handoffs';

/** POSTs an action on a handoff (`/api/handoffs/:id/<action>`), answering the handoff as it is now. */
export function postHandoffAction<B>(id: string, action: string, body?: B): Promise<HandoffUpdated> {
  return apiFetch(`/api/handoffs/${encodeURIComponent(id)}/${action}`, { method: 'POST', body: body ?? {} });
}

/** POSTs a staff decision on an appointment request (`/api/appointment-requests/:id/<action>`). */
export function postRequestAction<B>(id: string, action: string, body: B): Promise<TransitionResponse> {
  return apiFetch(`/api/appointment-requests/${encodeURIComponent(id)}/${action}`, { method: 'POST', body });
}

/**
 * A mutation that refreshes every handoff query when it settles — also after a 409, so a lost
 * race shows the queue as it really is.
 */
export function useHandoffsMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: handoffsQueryKey }) });
}
