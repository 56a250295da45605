import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

export interface TwoFactorSetup {
  /** `otpauth://totp/…?secret=…&issuer=…` — for an authenticator app. */
  totpURI: string;
  /** Single-use codes for when the phone is not at hand. */
  backupCodes: string[];
}

/** `POST /api/profile/two-factor/enable { password }` — starts setup (400 `fields.password` when wrong). */
export function startTwoFactor(input: { password: string }): Promise<TwoFactorSetup> {
  return apiFetch<TwoFactorSetup>('/api/profile/two-factor/enable', { method: 'POST', body: input });
}

export function useStartTwoFactor() {
  return useMutation({ mutationFn: startTwoFactor });
}
