import type { AppContext } from '../../app-context.js';
import type { StaffActor } from '../../policy/actor.js';
import { recordAudit } from '../audit/index.js';
import { loadVisibleOrganization, type OrganizationRow } from '../organizations/index.js';
import { DEFAULT_SLA_MINUTES, slaMinutes, type HandoffPriority, findSlaSettings, saveSlaSettings, type SlaRow } from '../handoff-records/index.js';
import type { DeadlinesBody, DeadlinesView } from '../../../contracts/handoffs.js';

const PRIORITIES: HandoffPriority[] = ['urgent', 'high', 'normal', 'low'];

function present(org: OrganizationRow, row: SlaRow | undefined): DeadlinesView {
  const rule = (p: HandoffPriority) => ({
    minutes: slaMinutes(row, p),
    defaultMinutes: DEFAULT_SLA_MINUTES[p].minutes,
    custom: row?.[`${p}Minutes`] != null,
    business: DEFAULT_SLA_MINUTES[p].business,
  });
  return {
    organizationId: org.id,
    timeZone: org.timeZone,
    rules: { urgent: rule('urgent'), high: rule('high'), normal: rule('normal'), low: rule('low') },
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The organization's handoff deadlines per priority (its own, or the defaults). */
export async function getDeadlines(ctx: AppContext, actor: StaffActor, organizationId: string) {
  const org = await loadVisibleOrganization(ctx.db, actor, organizationId);
  return present(org, await findSlaSettings(ctx.db, org.id));
}

/** Sets the deadlines new handoffs get (existing ones keep theirs). */
export async function saveDeadlines(ctx: AppContext, actor: StaffActor, organizationId: string, body: DeadlinesBody) {
  const org = await loadVisibleOrganization(ctx.db, actor, organizationId);
  const row = await ctx.db.transaction(async (tx) => {
    const saved = await saveSlaSettings(tx, {
      organizationId: org.id,
      urgentMinutes: body.urgent,
      highMinutes: body.high,
      normalMinutes: body.normal,
      lowMinutes: body.low,
      updatedAt: ctx.clock.now(),
      updatedBy: actor.userId,
    });
    const minutes = Object.fromEntries(PRIORITIES.map((p) => [p, body[p]]));
    await recordAudit(tx, { action: 'handoff_deadlines.updated', outcome: 'success', actor, organizationId: org.id, recordType: 'organization', recordId: org.id, details: { minutes } });
    return saved;
  });
  return present(org, row);
}
