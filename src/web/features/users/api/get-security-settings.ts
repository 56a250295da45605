import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecuritySettings } from '@contracts/security';
import { apiFetch } from '@web/lib/api';

/** `GET /api/security-settings` (administrators). */
export function getSecuritySettings(signal?: AbortSignal): Promise<SecuritySettings> {
  return apiFetch<SecuritySettings>('/api/security-settings', { signal });
}

export const securitySettingsQueryKey = ['security-settings'] as const;

export function securitySettingsQueryOptions() {
  return queryOptions({ queryKey: securitySettingsQueryKey, queryFn: ({ signal }) => getSecuritySettings(signal) });
}

export function useSecuritySettings() {
  return useQuery(securitySettingsQueryOptions());
}
