import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@contracts/password';
import type { OkResponse } from '@contracts/session';
import { apiFetch } from '@web/lib/api';

/** `POST /api/password/reset { token, newPassword }` → 200. */
export function resetPassword(input: ResetPasswordBody): Promise<OkResponse> {
  return apiFetch<OkResponse>('/api/password/reset', { method: 'POST', body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
