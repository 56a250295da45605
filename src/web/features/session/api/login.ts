import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, LoginResult } from '@contracts/session';
import { apiFetch } from '@web/lib/api';
import { setSignOutReason } from '@web/lib/sign-out-reason';
import { sessionQueryKey } from '@web/lib/queries/get-session';

/** `POST /api/session/login` → `{ user }`, or `{ twoFactorRequired: true }` when a code is needed next. */
export function login(input: LoginBody): Promise<LoginResult> {
  return apiFetch<LoginResult>('/api/session/login', { method: 'POST', body: input });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (result) => {
      // Load the full session (with organizations) before anyone navigates.
      if ('twoFactorRequired' in result) return;
      setSignOutReason(null);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
