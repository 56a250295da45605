import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboundSettings, SingleCallTiming, UpdateOutboundSettingsBody } from '@contracts/outbound';
import { apiFetch } from '@web/lib/api';

/** Under ['outbound']: a live `outbound` event (another supervisor saved) refetches it. */
export const outboundSettingsQueryKey = (organizationId: string) => ['outbound', 'settings', organizationId] as const;
const path = (organizationId: string) => `/api/organizations/${encodeURIComponent(organizationId)}/outbound-settings`;

/** `GET /api/organizations/:id/outbound-settings` */
export function useOutboundSettings(organizationId: string) {
  return useQuery({
    queryKey: outboundSettingsQueryKey(organizationId),
    queryFn: ({ signal }) => apiFetch<OutboundSettings>(path(organizationId), { signal }),
    enabled: Boolean(organizationId),
  });
}

/** `PUT /api/organizations/:id/outbound-settings` */
export function useUpdateOutboundSettings(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOutboundSettingsBody) => apiFetch<OutboundSettings>(path(organizationId), { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(outboundSettingsQueryKey(organizationId), saved);
      void queryClient.invalidateQueries({ queryKey: ['outbound', 'timing'] });
    },
  });
}

/** `GET /api/outbound/calls/timing` — when a single call to this number would be placed. */
export function useSingleCallTiming(input: { organizationId: string; phone: string; scheduledFor?: string }) {
  return useQuery({
    queryKey: ['outbound', 'timing', input.organizationId, input.phone, input.scheduledFor ?? 'now'] as const,
    queryFn: ({ signal }) => apiFetch<SingleCallTiming>('/api/outbound/calls/timing', { query: { organizationId: input.organizationId, phone: input.phone, scheduledFor: input.scheduledFor }, signal }),
    enabled: Boolean(input.organizationId && input.phone.trim().length >= 4),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
