import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@web/lib/api';
import type { SessionUser } from '../types';
import { setSignOutReason } from '../sign-out-reason';
import { sessionQueryKey } from './get-session';

export const loginInputSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address.').pipe(z.email('Enter a valid email address.')),
  password: z.string().min(1, 'Enter your password.'),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export type LoginResult = { user: SessionUser; twoFactorRequired?: false } | { twoFactorRequired: true; user?: undefined };

/** `POST /api/session/login` → `{ user }`, or `{ twoFactorRequired: true }` when a code is needed next. */
export function login(input: LoginInput): Promise<LoginResult> {
  return apiFetch<LoginResult>('/api/session/login', { method: 'POST', body: input });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (result) => {
      // Load the full session (with organizations) before anyone navigates.
      if (result.twoFactorRequired) return;
      setSignOutReason(null);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
