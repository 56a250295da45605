import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { usersQueryKey } from './list-users';

/** `POST /api/users/:id/unlock` → 204: lifts a sign-in lockout. */
export function unlockUser(id: string): Promise<void> {
  return apiFetch<void>(`/api/users/${encodeURIComponent(id)}/unlock`, { method: 'POST' });
}

export function useUnlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
