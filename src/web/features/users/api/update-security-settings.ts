import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecuritySettings } from '@contracts/security';
import { apiFetch } from '@web/lib/api';
import { sessionQueryKey } from '@web/lib/queries/get-session';
import { securitySettingsQueryKey } from './get-security-settings';

/** `PUT /api/security-settings { twoFactorRequiredRoles }`. */
export function updateSecuritySettings(input: SecuritySettings): Promise<SecuritySettings> {
  return apiFetch<SecuritySettings>('/api/security-settings', { method: 'PUT', body: input });
}

export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSecuritySettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(securitySettingsQueryKey, settings);
      // Requiring two-factor for your own role (without it on) changes what you may open.
      // Not awaited, so the caller's own onSuccess runs before the layout may change.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
