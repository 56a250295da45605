import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { AddNoteBody, CallNote, CreateCallHandoffBody, CreatedCallHandoff, SetOutcomeBody, SetOutcomeResponse } from '@contracts/calls';
import { callQueryKey } from './get-call';
import { callsQueryKey } from './list-calls';

/** `POST /api/calls/:id/notes` — a staff note on the call. */
export function addCallNote({ id, ...body }: AddNoteBody & { id: string }): Promise<CallNote> {
  return apiFetch<CallNote>(`/api/calls/${encodeURIComponent(id)}/notes`, { method: 'POST', body });
}

/** `POST /api/calls/:id/outcome` — 409 `invalid_transition` while the call is still going on. */
export function setCallOutcome({ id, ...body }: SetOutcomeBody & { id: string }): Promise<SetOutcomeResponse> {
  return apiFetch(`/api/calls/${encodeURIComponent(id)}/outcome`, { method: 'POST', body });
}

/** `POST /api/calls/:id/handoffs` — 409 when an open handoff of that type already exists for the call. */
export function createCallHandoff({ id, ...body }: CreateCallHandoffBody & { id: string }): Promise<CreatedCallHandoff> {
  return apiFetch(`/api/calls/${encodeURIComponent(id)}/handoffs`, { method: 'POST', body });
}

function useCallMutation<TInput extends { id: string }, TResult>(fn: (input: TInput) => Promise<TResult>, alsoList = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_result, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: callQueryKey(input.id) }),
        alsoList ? queryClient.invalidateQueries({ queryKey: [...callsQueryKey, 'list'] }) : undefined,
        alsoList ? queryClient.invalidateQueries({ queryKey: ['overview'] }) : undefined,
      ]),
  });
}

export const useAddCallNote = () => useCallMutation(addCallNote);
export const useSetCallOutcome = () => useCallMutation(setCallOutcome, true);
export const useCreateCallHandoff = () => useCallMutation(createCallHandoff, true);
