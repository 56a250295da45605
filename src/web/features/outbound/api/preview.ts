import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OutboundPreview, OutboundPreviewBody } from '@contracts/outbound';
import { apiFetch } from '@web/lib/api';

/** `POST /api/outbound/preview` — what the agent will say with these settings (nothing is placed). */
export function useOutboundPreview(body: OutboundPreviewBody | null) {
  return useQuery({
    queryKey: ['outbound', 'preview', body] as const,
    queryFn: ({ signal }) => apiFetch<OutboundPreview>('/api/outbound/preview', { method: 'POST', body: body!, signal }),
    enabled: !!body?.organizationId,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
