import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import type { CallListItem } from '@web/features/calls/types';

export interface Kpis {
  calls: number;
  answered: number;
  answeredByAgent: number;
  handedOff: number;
  handoffRate: number | null;
  appointmentRequests: number;
}

export interface OverviewHandoff {
  id: string;
  organizationId: string;
  organizationName: string;
  type: 'live_transfer' | 'callback' | 'appointment_request' | 'message' | 'urgent';
  priority: 'urgent' | 'high' | 'normal' | 'low';
  status: 'open' | 'claimed' | 'resolved' | 'canceled';
  reason: string;
  contactName: string | null;
  contactPhone: string | null;
  dueAt: string;
  createdAt: string;
  callId: string | null;
  assigneeName: string | null;
}

export interface OrganizationNow {
  organizationId: string;
  name: string;
  timeZone: string;
  status: 'active' | 'paused' | 'deactivated';
  open: boolean;
  paused: boolean;
  text: string;
}

export interface Overview {
  at: string;
  kpis: Kpis;
  perOrganization: (Kpis & { organizationId: string; name: string; timeZone: string; todayStartsAt: string })[];
  liveCalls: CallListItem[];
  recentCalls: CallListItem[];
  openHandoffs: { total: number; overdue: number; byPriority: Record<OverviewHandoff['priority'], number>; items: OverviewHandoff[] };
  organizations: OrganizationNow[];
}

/** `GET /api/overview` — today at a glance (admin, supervisor, agent). */
export function getOverview(signal?: AbortSignal): Promise<Overview> {
  return apiFetch<Overview>('/api/overview', { signal });
}

export const overviewQueryKey = ['overview'] as const;

export function overviewQueryOptions() {
  return queryOptions({
    queryKey: overviewQueryKey,
    queryFn: ({ signal }) => getOverview(signal),
    // Live events refresh it; the minute refetch moves "open now" and the day's turn.
    refetchInterval: 60_000,
  });
}

export function useOverview(enabled = true) {
  return useQuery({ ...overviewQueryOptions(), enabled });
}
