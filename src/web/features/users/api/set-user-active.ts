import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@contracts/users';
import { apiFetch } from '@web/lib/api';
import { usersQueryKey } from './list-users';

export interface SetUserActiveInput {
  id: string;
  active: boolean;
}

/**
 * `POST /api/users/:id/deactivate` (ends all their sessions) or `/reactivate`.
 * 409 `last_admin` for the last active administrator, `invalid_transition` when already so.
 */
export function setUserActive({ id, active }: SetUserActiveInput): Promise<User> {
  return apiFetch<User>(`/api/users/${encodeURIComponent(id)}/${active ? 'reactivate' : 'deactivate'}`, { method: 'POST' });
}

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
