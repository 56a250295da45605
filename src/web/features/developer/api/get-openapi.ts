import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** The public API's own document (`/api/v1`, API keys), rendered by the interactive reference. */
export const PUBLIC_OPENAPI_URL = '/api/v1/openapi.json';

export function usePublicApiDocument() {
  return useQuery({
    queryKey: ['developer', 'openapi', 'v1'] as const,
    queryFn: ({ signal }) => apiFetch<Record<string, unknown>>(PUBLIC_OPENAPI_URL, { signal }),
    staleTime: 5 * 60_000,
  });
}
