import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampaignList, CampaignView, OutboundJobList, OutboundJobStatus } from '@contracts/outbound';
import type { CampaignImportSummary } from '@contracts/outbound-import';
import { apiFetch, isApiError } from '@web/lib/api';

/** Every campaign query lives under this key; a live `outbound` event invalidates it as a whole. */
export const campaignsQueryKey = ['outbound', 'campaigns'] as const;
const campaignPath = (id: string) => `/api/outbound/campaigns/${encodeURIComponent(id)}`;

/** `GET /api/outbound/campaigns` — newest first. */
export function useCampaigns(organizationId: string | undefined) {
  return useInfiniteQuery({
    queryKey: [...campaignsQueryKey, 'list', organizationId ?? 'all'] as const,
    queryFn: ({ pageParam, signal }) => apiFetch<CampaignList>('/api/outbound/campaigns', { query: { organizationId, cursor: pageParam, limit: 25 }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export const campaignQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...campaignsQueryKey, 'detail', id] as const, queryFn: ({ signal }) => apiFetch<CampaignView>(campaignPath(id), { signal }) });

/** `GET /api/outbound/campaigns/:id` — settings, status and progress counts. */
export const useCampaign = (id: string) => useQuery(campaignQueryOptions(id));

/** `GET /api/outbound/campaigns/:id/contacts` — per-contact results (the campaign's calls). */
export function useCampaignContacts(id: string, status: OutboundJobStatus | undefined) {
  return useInfiniteQuery({
    queryKey: [...campaignsQueryKey, 'contacts', id, status ?? 'all'] as const,
    queryFn: ({ pageParam, signal }) => apiFetch<OutboundJobList>(`${campaignPath(id)}/contacts`, { query: { status, cursor: pageParam, limit: 50 }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/outbound/campaigns/:id/import` — the file it came from (null: created without one). */
export function useCampaignImport(id: string) {
  return useQuery({
    queryKey: [...campaignsQueryKey, 'import', id] as const,
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<CampaignImportSummary>(`${campaignPath(id)}/import`, { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export type CampaignAction = 'pause' | 'resume' | 'cancel';

/** `POST /api/outbound/campaigns/:id/{pause|resume|cancel}` */
export function useCampaignAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: CampaignAction }) => apiFetch<CampaignView>(`${campaignPath(id)}/${action}`, { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKey }),
  });
}

export const campaignResultsCsvUrl = (id: string) => `${campaignPath(id)}/results.csv`;
export const campaignRejectedCsvUrl = (id: string) => `${campaignPath(id)}/rejected.csv`;
