import { z } from 'zod';
import { HANDOFF_PRIORITIES, HANDOFF_STATUSES, HANDOFF_TYPES } from '../domain/handoffs/state.js';
import { CallListItem } from './calls.js';
import { OpenNowResponse } from './hours.js';

/** Today at a glance (`GET /api/overview`). The KPIs are the analytics figures of today (domain/analytics/definitions.ts). */

const Kpis = z.object({
  /** Calls that started today (in each organization's zone). */
  calls: z.number(),
  /** Inbound calls with status completed (PRODUCT §6). */
  answered: z.number(),
  /** Answered calls that ended without any handoff. */
  answeredByAgent: z.number(),
  /** Answered calls with at least one handoff. */
  handedOff: z.number(),
  /** handedOff ÷ answered; null when nothing was answered. */
  handoffRate: z.number().nullable(),
  /** Appointment requests started today and submitted (web, phone and portal): the funnel's second step. */
  appointmentRequests: z.number(),
});
export type Kpis = z.infer<typeof Kpis>;

const OverviewHandoff = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  type: z.enum(HANDOFF_TYPES),
  priority: z.enum(HANDOFF_PRIORITIES),
  status: z.enum(HANDOFF_STATUSES),
  reason: z.string(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  dueAt: z.string(),
  createdAt: z.string(),
  callId: z.string().nullable(),
  assigneeName: z.string().nullable(),
});
export type OverviewHandoff = z.infer<typeof OverviewHandoff>;

export const OverviewResponse = z
  .object({
    at: z.string(),
    kpis: Kpis,
    perOrganization: z.array(Kpis.extend({ organizationId: z.string(), name: z.string(), timeZone: z.string(), todayStartsAt: z.string() })),
    liveCalls: z.array(CallListItem),
    recentCalls: z.array(CallListItem),
    openHandoffs: z.object({
      total: z.number(),
      overdue: z.number(),
      byPriority: z.object(Object.fromEntries(HANDOFF_PRIORITIES.map((p) => [p, z.number()])) as Record<(typeof HANDOFF_PRIORITIES)[number], z.ZodNumber>),
      items: z.array(OverviewHandoff),
    }),
    organizations: OpenNowResponse.shape.items,
  })
  .meta({ id: 'Overview' });
export type OverviewResponse = z.infer<typeof OverviewResponse>;
export type OrganizationNow = OverviewResponse['organizations'][number];
