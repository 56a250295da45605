import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, buildUrl } from '@web/lib/api';
import type { AnalyticsQueryInput, AnalyticsResponse } from '@contracts/analytics';

/** `GET /api/analytics` — every figure of the page for a period (supervisor, developer, admin). */
export function analyticsQueryOptions(query: AnalyticsQueryInput) {
  return queryOptions({
    queryKey: ['analytics', query] as const,
    queryFn: ({ signal }) => apiFetch<AnalyticsResponse>('/api/analytics', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    // Figures change with every call: coming back to the page (Back from a drill-down) reads them
    // again rather than showing the copy from a few seconds ago.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useAnalytics(query: AnalyticsQueryInput) {
  return useQuery(analyticsQueryOptions(query));
}

/** The CSV export's address (a plain download link: the browser sends the session cookie). */
export function analyticsCsvUrl(query: AnalyticsQueryInput, kind: 'figures' | 'calls' | 'handoffs' | 'requests'): string {
  return buildUrl('/api/analytics/export.csv', { ...query, kind });
}
