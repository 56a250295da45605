import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@domain/auth/permissions';
import { apiFetch } from '@web/lib/api';

export interface SecuritySettings {
  /** Roles whose users must turn on two-factor before using Switchboard. */
  twoFactorRequiredRoles: Role[];
}

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
