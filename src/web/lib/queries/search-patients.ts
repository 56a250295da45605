import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PatientSearchResult } from '@contracts/patients';
import { apiFetch } from '@web/lib/api';

/** `GET /api/organizations/:id/patients?q=` — each patient shown is an audited view, so only on a real query (outbound calls, booking a visit). */
export function usePatientSearch(organizationId: string, q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['patients', 'search', organizationId, query] as const,
    queryFn: ({ signal }) => apiFetch<PatientSearchResult>(`/api/organizations/${encodeURIComponent(organizationId)}/patients`, { query: { q: query }, signal }),
    enabled: Boolean(organizationId) && query.length >= 2,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
}
