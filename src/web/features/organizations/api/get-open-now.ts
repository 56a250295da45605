import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { organizationsQueryKey } from './list-organizations';

export interface OpenNowItem {
  organizationId: string;
  name: string;
  slug: string;
  timeZone: string;
  status: 'active' | 'paused' | 'deactivated';
  hoursVersion: number;
  open: boolean;
  paused: boolean;
  label: string | null;
  nextChange: { at: string; opens: boolean } | null;
  /** "Open now · closes 17:00 (in 2 h 13 min)", in the organization's zone. */
  text: string;
}

/** `GET /api/organizations/open-now` — open or closed now for every organization the user may see. */
export async function getOpenNow(signal?: AbortSignal): Promise<{ at: string; items: OpenNowItem[] }> {
  return apiFetch('/api/organizations/open-now', { signal });
}

export function openNowQueryOptions() {
  return queryOptions({
    queryKey: [...organizationsQueryKey, 'open-now'] as const,
    queryFn: ({ signal }) => getOpenNow(signal),
    // The countdown moves by the minute.
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}

export function useOpenNow() {
  return useQuery(openNowQueryOptions());
}
