import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { sessionQueryKey } from './get-session';

export interface AcceptInvitationInput {
  token: string;
  name: string;
  password: string;
}

/** `POST /api/invitations/accept { token, name, password }` → 200. */
export function acceptInvitation(input: AcceptInvitationInput): Promise<unknown> {
  return apiFetch<unknown>('/api/invitations/accept', { method: 'POST', body: input });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
