import { useMutation } from '@tanstack/react-query';
import type { PasswordBody, TwoFactorSetup } from '@contracts/profile';
import { apiFetch } from '@web/lib/api';

/** `POST /api/profile/two-factor/enable { password }` — starts setup (400 `fields.password` when wrong). */
export function startTwoFactor(input: PasswordBody): Promise<TwoFactorSetup> {
  return apiFetch<TwoFactorSetup>('/api/profile/two-factor/enable', { method: 'POST', body: input });
}

export function useStartTwoFactor() {
  return useMutation({ mutationFn: startTwoFactor });
}
