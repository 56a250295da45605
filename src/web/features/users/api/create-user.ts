import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@domain/auth/permissions';
import { apiFetch } from '@web/lib/api';
import type { PasswordDelivery, User } from '../types';
import { usersQueryKey } from './list-users';

export interface CreateUserInput {
  email: string;
  name: string;
  role: Role;
  organizationIds: string[];
  mode: PasswordDelivery;
  /** Only with mode `temporary_password`; the server generates one when omitted. */
  temporaryPassword?: string;
}

export interface CreateUserResult {
  user: User;
  /** Present with mode `temporary_password`: shown to the administrator once. */
  temporaryPassword?: string;
}

/** `POST /api/users` → 201 `{ user, temporaryPassword? }`. 409 when the email is taken. */
export function createUser(input: CreateUserInput): Promise<CreateUserResult> {
  return apiFetch<CreateUserResult>('/api/users', { method: 'POST', body: input });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
