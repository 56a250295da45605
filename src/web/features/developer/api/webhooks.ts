import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWebhookEndpointBody,
  ReplayResponse,
  UpdateWebhookEndpointBody,
  WebhookDeliveryDetail,
  WebhookDeliveryListResponse,
  WebhookDeliveryQuery,
  WebhookEndpointListResponse,
  WebhookEndpointView,
  WebhookEndpointWithSecret,
} from '@contracts/webhooks';
import { apiFetch } from '@web/lib/api';

export const webhooksQueryKey = ['developer', 'webhooks'] as const;

export const useWebhookEndpoints = () =>
  useQuery(
    queryOptions({
      queryKey: webhooksQueryKey,
      queryFn: ({ signal }) => apiFetch<WebhookEndpointListResponse>('/api/developer/webhooks', { signal }),
      // "Failing since" and a server-side turn-off show without a reload.
      refetchInterval: 10_000,
    }),
  );

export function useDeliveries(endpointId: string, params: Pick<WebhookDeliveryQuery, 'event' | 'status'>) {
  return useQuery({
    queryKey: [...webhooksQueryKey, endpointId, 'deliveries', params] as const,
    queryFn: ({ signal }) =>
      apiFetch<WebhookDeliveryListResponse>(`/api/developer/webhooks/${endpointId}/deliveries`, { query: { ...params, limit: 50 }, signal }),
    placeholderData: keepPreviousData,
    // The log fills in as the worker delivers.
    refetchInterval: 3000,
  });
}

export function useDelivery(endpointId: string, deliveryId: string | null) {
  return useQuery({
    queryKey: [...webhooksQueryKey, endpointId, 'delivery', deliveryId] as const,
    queryFn: ({ signal }) => apiFetch<WebhookDeliveryDetail>(`/api/developer/webhooks/${endpointId}/deliveries/${deliveryId}`, { signal }),
    enabled: deliveryId !== null,
    refetchInterval: 3000,
  });
}

function useWebhookMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }) });
}

export const useCreateEndpoint = () =>
  useWebhookMutation((body: CreateWebhookEndpointBody) => apiFetch<WebhookEndpointWithSecret>('/api/developer/webhooks', { method: 'POST', body }));
export const useUpdateEndpoint = () =>
  useWebhookMutation(({ id, ...body }: UpdateWebhookEndpointBody & { id: string }) => apiFetch<WebhookEndpointView>(`/api/developer/webhooks/${id}`, { method: 'PATCH', body }));
export const useDeleteEndpoint = () => useWebhookMutation((id: string) => apiFetch<void>(`/api/developer/webhooks/${id}`, { method: 'DELETE' }));
export const useRotateSecret = () =>
  useWebhookMutation((id: string) => apiFetch<WebhookEndpointWithSecret>(`/api/developer/webhooks/${id}/rotate-secret`, { method: 'POST', body: { graceHours: 24 } }));
export const useSendTestEvent = () => useWebhookMutation((id: string) => apiFetch<{ deliveryId: string }>(`/api/developer/webhooks/${id}/test`, { method: 'POST' }));
export const useReplayDelivery = () =>
  useWebhookMutation(({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
    apiFetch<ReplayResponse>(`/api/developer/webhooks/${endpointId}/deliveries/${deliveryId}/replay`, { method: 'POST' }),
  );
export const useReplayFailed = () =>
  useWebhookMutation(({ endpointId, since }: { endpointId: string; since: string }) =>
    apiFetch<ReplayResponse>(`/api/developer/webhooks/${endpointId}/replay-failed`, { method: 'POST', body: { since } }),
  );
