import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@web/lib/api';

export const forgotPasswordInputSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address.').pipe(z.email('Enter a valid email address.')),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

/** `POST /api/password/forgot { email }` → 202, the same answer whether or not the account exists. */
export function forgotPassword(input: ForgotPasswordInput): Promise<void> {
  return apiFetch<void>('/api/password/forgot', { method: 'POST', body: input });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
