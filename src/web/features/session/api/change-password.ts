import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { sessionQueryKey } from './get-session';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** `POST /api/password/change { currentPassword, newPassword }` → 200. */
export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return apiFetch<unknown>('/api/password/change', { method: 'POST', body: input });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // mustChangePassword is cleared on the server; reload the session before navigating on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
