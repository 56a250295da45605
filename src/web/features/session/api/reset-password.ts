import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

/** `POST /api/password/reset { token, newPassword }` → 200. */
export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return apiFetch<unknown>('/api/password/reset', { method: 'POST', body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
