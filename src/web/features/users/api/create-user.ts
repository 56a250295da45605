import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, CreateUserResult } from '@contracts/users';
import { apiFetch } from '@web/lib/api';
import { usersQueryKey } from './list-users';

/** `POST /api/users` → 201 `{ user, temporaryPassword? }`. 409 when the email is taken. */
export function createUser(input: CreateUserBody): Promise<CreateUserResult> {
  return apiFetch<CreateUserResult>('/api/users', { method: 'POST', body: input });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
