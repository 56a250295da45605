import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyListResponse, ApiKeyView, CreateApiKeyBody, CreatedApiKey } from '@contracts/api-keys';
import { apiFetch } from '@web/lib/api';

export const apiKeysQueryKey = ['developer', 'api-keys'] as const;

/** `GET /api/developer/api-keys` — the keys of the user's organizations, newest first. */
export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: apiKeysQueryKey,
    queryFn: ({ signal }) => apiFetch<ApiKeyListResponse>('/api/developer/api-keys', { signal }),
  });
}

export const useApiKeys = () => useQuery(apiKeysQueryOptions());

/** `POST /api/developer/api-keys` → the key and its secret (shown once). */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => apiFetch<CreatedApiKey>('/api/developer/api-keys', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

/** `POST /api/developer/api-keys/:id/revoke` and `…/rotate` (a new secret, shown once). */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<ApiKeyView>(`/api/developer/api-keys/${id}/revoke`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export function useRotateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<CreatedApiKey>(`/api/developer/api-keys/${id}/rotate`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
