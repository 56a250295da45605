import type { AppContext } from '../../app-context.js';
import { organizationScope, type StaffActor } from '../../policy/actor.js';
import { HANDOFF_PRIORITIES } from '../../db/schema/handoffs.js';
import { openNow, presentOpenNow } from '../organizations/index.js';
import { startOfToday } from './call-windows.js';
import { listCalls, visibleOrganizationZones } from './calls.repository.js';
import { presentCallListItem } from './calls.presenter.js';
import { openHandoffs } from './overview.repository.js';
import { todayFiguresByOrganization } from '../analytics/index.js';
import type { OverviewResponse as Overview } from '../../../contracts/overview.js';

const LIVE_LIMIT = 25;
const RECENT_LIMIT = 10;
const HANDOFF_LIMIT = 8;

/**
 * Today at a glance for the actor's organizations. "Today" is each organization's own day, so a
 * practice in Los Angeles and one in New York each count from their local midnight.
 */
export async function getOverview(ctx: AppContext, actor: StaffActor): Promise<Overview> {
  const now = ctx.clock.now();
  const organizations = await visibleOrganizationZones(ctx.db, organizationScope(actor));
  // Administrators see deactivated organizations' history in lists, but not on today's board.
  const current = organizations.filter((o) => o.status !== 'deactivated');
  const ids = current.map((o) => o.id);
  const scope = ids;

  // Today's KPIs are the analytics figures of today (PRODUCT §6), from the same rollups.
  const [today, handoffs, live, recent, openNowResult] = await Promise.all([
    todayFiguresByOrganization(ctx, current, now),
    openHandoffs(ctx.db, scope, now, HANDOFF_LIMIT),
    listCalls(ctx.db, { organizationIds: scope, live: true, sort: 'startedAt', order: 'desc', limit: LIVE_LIMIT }),
    listCalls(ctx.db, { organizationIds: scope, live: false, sort: 'startedAt', order: 'desc', limit: RECENT_LIMIT }),
    openNow(ctx, actor),
  ]);

  const perOrganization = current.map((o) => {
    const f = today.get(o.id);
    const answered = f?.answered ?? 0;
    const handedOff = f?.handedOff ?? 0;
    return {
      organizationId: o.id,
      name: o.name,
      timeZone: o.timeZone,
      todayStartsAt: startOfToday(now, o.timeZone).toISOString(),
      calls: (f?.inboundCalls ?? 0) + (f?.outboundCalls ?? 0),
      answered,
      answeredByAgent: f?.contained ?? 0,
      handedOff,
      handoffRate: f?.handoffRate ?? null,
      appointmentRequests: f?.funnel.all.submitted ?? 0,
    };
  });
  const sum = (k: 'calls' | 'answered' | 'answeredByAgent' | 'handedOff' | 'appointmentRequests') => perOrganization.reduce((a, o) => a + o[k], 0);
  const answered = sum('answered');
  const handedOff = sum('handedOff');

  const byPriority = Object.fromEntries(HANDOFF_PRIORITIES.map((p) => [p, 0])) as Overview['openHandoffs']['byPriority'];
  let overdue = 0;
  for (const c of handoffs.counts) {
    byPriority[c.priority as keyof typeof byPriority] = c.count;
    overdue += c.overdue;
  }

  const visibleIds = new Set(ids);
  return {
    at: now.toISOString(),
    kpis: {
      calls: sum('calls'),
      answered,
      answeredByAgent: sum('answeredByAgent'),
      handedOff,
      handoffRate: answered ? handedOff / answered : null,
      appointmentRequests: sum('appointmentRequests'),
    },
    perOrganization,
    liveCalls: live.map(presentCallListItem),
    recentCalls: recent.map(presentCallListItem),
    openHandoffs: {
      total: Object.values(byPriority).reduce((a, b) => a + b, 0),
      overdue,
      byPriority,
      items: handoffs.items.map((h) => ({ ...h, dueAt: h.dueAt.toISOString(), createdAt: h.createdAt.toISOString() })) as Overview['openHandoffs']['items'],
    },
    organizations: presentOpenNow(openNowResult).items.filter((o) => visibleIds.has(o.organizationId)),
  };
}
