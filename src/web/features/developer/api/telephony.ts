import { useQuery } from '@tanstack/react-query';
import type { TelephonySetupResponse } from '@contracts/developer';
import { apiFetch } from '@web/lib/api';

/** `GET /api/developer/telephony` — the webhook addresses to give the provider. */
export const useTelephonySetup = () => useQuery({ queryKey: ['developer', 'telephony'], queryFn: ({ signal }) => apiFetch<TelephonySetupResponse>('/api/developer/telephony', { signal }) });
