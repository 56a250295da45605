import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptInvitationBody } from '@contracts/password';
import type { OkResponse } from '@contracts/session';
import { apiFetch } from '@web/lib/api';
import { sessionQueryKey } from '@web/lib/queries/get-session';

/** `POST /api/invitations/accept { token, name, password }` → 200. */
export function acceptInvitation(input: AcceptInvitationBody): Promise<OkResponse> {
  return apiFetch<OkResponse>('/api/invitations/accept', { method: 'POST', body: input });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
