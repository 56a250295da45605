import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, User } from '@contracts/users';
import { apiFetch } from '@web/lib/api';
import { sessionQueryKey } from '@web/lib/queries/get-session';
import { usersQueryKey } from './list-users';

/** `PATCH /api/users/:id` — name, role, organizations. 409 `last_admin` for the last active administrator. */
export function updateUser({ id, ...patch }: UpdateUserBody & { id: string }): Promise<User> {
  return apiFetch<User>(`/api/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => {
      // Editing yourself changes your own session (name, role, organizations). Not awaited: a
      // new role may take this page away before the caller's own onSuccess runs.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      return queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}
