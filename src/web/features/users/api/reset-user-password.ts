import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResetUserPasswordBody, ResetUserPasswordResult } from '@contracts/users';
import { apiFetch } from '@web/lib/api';
import { usersQueryKey } from './list-users';

/**
 * `POST /api/users/:id/reset-password` — emails a reset link (an invitation link for invited
 * users) or sets a temporary password that must be changed at the next sign-in. Either way the
 * user's sessions end.
 */
export function resetUserPassword({ id, ...body }: ResetUserPasswordBody & { id: string }): Promise<ResetUserPasswordResult> {
  return apiFetch<ResetUserPasswordResult>(`/api/users/${encodeURIComponent(id)}/reset-password`, { method: 'POST', body });
}

export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
