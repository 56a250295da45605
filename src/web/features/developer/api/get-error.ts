import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { ErrorEvent } from '@contracts/developer';
import { errorsQueryKey } from './list-errors';

/** References are shown in capitals ("N7DKZ-LDP9Z"); people may type them any way. */
export function normaliseDigest(value: string): string {
  return value.trim().toUpperCase().replace(/\s+/g, '');
}

/** `GET /api/developer/errors/:digest` — one report with its stack; 404 when no error has that reference. */
export function getError(digest: string, signal?: AbortSignal): Promise<ErrorEvent> {
  return apiFetch<ErrorEvent>(`/api/developer/errors/${encodeURIComponent(digest)}`, { signal });
}

export function errorQueryOptions(digest: string) {
  return queryOptions({
    queryKey: [...errorsQueryKey, 'one', digest] as const,
    queryFn: ({ signal }) => getError(digest, signal),
    staleTime: 5 * 60_000,
  });
}

export function useErrorReport(digest: string | null) {
  return useQuery({ ...errorQueryOptions(digest ?? ''), enabled: Boolean(digest) });
}
