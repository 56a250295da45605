import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody } from '@contracts/password';
import { apiFetch } from '@web/lib/api';

/** `POST /api/password/forgot { email }` → 202, the same answer whether or not the account exists. */
export function forgotPassword(input: ForgotPasswordBody): Promise<void> {
  return apiFetch<void>('/api/password/forgot', { method: 'POST', body: input });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
