import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@web/lib/api';
import type { SessionUser } from '../types';
import { setSignOutReason } from '../sign-out-reason';
import { sessionQueryKey } from './get-session';

export const twoFactorInputSchema = z.object({
  code: z
    .string()
    .trim()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{6}$|^[A-Za-z0-9]{8,12}$/, 'Enter the 6-digit code from your authenticator app, or a backup code.')),
});
export type TwoFactorInput = z.input<typeof twoFactorInputSchema>;

/** `POST /api/session/login/two-factor { code }` → `{ user }`. */
export function loginTwoFactor(input: { code: string }): Promise<{ user: SessionUser }> {
  return apiFetch<{ user: SessionUser }>('/api/session/login/two-factor', { method: 'POST', body: input });
}

export function useLoginTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginTwoFactor,
    onSuccess: () => {
      setSignOutReason(null);
      return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
