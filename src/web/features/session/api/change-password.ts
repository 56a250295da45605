import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@contracts/password';
import type { OkResponse } from '@contracts/session';
import { apiFetch } from '@web/lib/api';
import { sessionQueryKey } from '@web/lib/queries/get-session';

/** `POST /api/password/change { currentPassword, newPassword }` → 200. */
export function changePassword(input: ChangePasswordBody): Promise<OkResponse> {
  return apiFetch<OkResponse>('/api/password/change', { method: 'POST', body: input });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // mustChangePassword is cleared on the server; reload the session before navigating on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
