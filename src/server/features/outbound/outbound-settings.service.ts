/**
 * An organization's own outbound settings (issue 16): the calling window of its single calls and
 * call-backs — campaigns carry their own — and how many outbound calls it may have on the line at
 * once. Supervisors and administrators change them on /outbound; the dispatcher reads them at
 * every claim, so a change applies to the next placement.
 */
import type { OutboundSettings, SingleCallTiming, SingleCallTimingQuery, UpdateOutboundSettingsBody } from '../../../contracts/outbound.js';
import { can } from '../../../domain/auth/permissions.js';
import { calleeZones, nextCallTime, type WindowSettings } from '../../../domain/outbound/calling-window.js';
import { toE164 } from '../../../domain/phone.js';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { forbidden, invalid } from '../../http/errors.js';
import { requireCapability, type StaffActor } from '../../policy/actor.js';
import { recordAudit } from '../audit/index.js';
import { publishLive } from '../live/index.js';
import { loadVisibleOrganization, phoneCountryOf, type OrganizationRow } from '../organizations/index.js';
import { findOutboundSettings, upsertOutboundSettings, type OutboundSettingsRow } from './outbound-settings.repository.js';

/** Without settings of its own: every day, and 08:00–21:00 (the callee's day, which always applies). */
export const DEFAULT_ORGANIZATION_WINDOW: WindowSettings = { start: '08:00', end: '21:00', days: [1, 2, 3, 4, 5, 6, 7] };

export interface EffectiveOutboundSettings {
  window: WindowSettings;
  /** Null: the deployment's default. */
  concurrency: number | null;
  updatedAt: Date | null;
}

const effective = (row: OutboundSettingsRow | undefined): EffectiveOutboundSettings =>
  row ? { window: { start: row.windowStart, end: row.windowEnd, days: row.windowDays }, concurrency: row.concurrency, updatedAt: row.updatedAt } : { window: DEFAULT_ORGANIZATION_WINDOW, concurrency: null, updatedAt: null };

/** For the dispatcher: the settings of each of these organizations. */
export async function outboundSettingsOf(db: DbOrTx, organizationIds: readonly string[]): Promise<Map<string, EffectiveOutboundSettings>> {
  const rows = await findOutboundSettings(db, organizationIds);
  return new Map(organizationIds.map((id) => [id, effective(rows.get(id))]));
}

function present(ctx: AppContext, organizationId: string, s: EffectiveOutboundSettings): OutboundSettings {
  const defaultConcurrency = ctx.env.OUTBOUND_ORG_CONCURRENCY;
  return {
    organizationId,
    window: { start: s.window.start, end: s.window.end, days: [...s.window.days] },
    concurrency: s.concurrency,
    defaultConcurrency,
    effectiveConcurrency: s.concurrency ?? defaultConcurrency,
    updatedAt: s.updatedAt?.toISOString() ?? null,
  };
}

/** Whoever places single calls or reads campaigns reads the settings (the window explains a waiting call). */
export async function getOutboundSettings(ctx: AppContext, actor: StaffActor, organizationId: string): Promise<OutboundSettings> {
  if (!can(actor.role, 'outbound.single') && !can(actor.role, 'outbound.campaigns.read')) throw forbidden();
  const org = await loadVisibleOrganization(ctx.db, actor, organizationId);
  return present(ctx, org.id, (await outboundSettingsOf(ctx.db, [org.id])).get(org.id)!);
}

export async function updateOutboundSettings(ctx: AppContext, actor: StaffActor, organizationId: string, body: UpdateOutboundSettingsBody): Promise<OutboundSettings> {
  requireCapability(actor, 'outbound.campaigns');
  const org = await loadVisibleOrganization(ctx.db, actor, organizationId);
  const now = ctx.clock.now();
  const stored = await ctx.db.transaction(async (tx) => {
    const row = await upsertOutboundSettings(tx, {
      organizationId: org.id,
      concurrency: body.concurrency,
      windowStart: body.window.start,
      windowEnd: body.window.end,
      windowDays: [...body.window.days].sort((a, b) => a - b),
      updatedBy: actor.userId,
      updatedAt: now,
    });
    await recordAudit(tx, {
      action: 'outbound.settings.update',
      outcome: 'success',
      actor,
      organizationId: org.id,
      recordType: 'organization',
      recordId: org.id,
      details: { window: { start: row.windowStart, end: row.windowEnd, days: row.windowDays }, concurrency: row.concurrency },
    });
    await publishLive(tx, { topic: 'outbound', organizationId: org.id, type: 'settings', id: org.id, data: {} });
    return row;
  });
  return present(ctx, org.id, effective(stored));
}

/** The number as it will be dialled and when the queue will place a call to it (shared by the form's preview and the call's creation). */
export async function singleCallTimingFor(db: DbOrTx, org: OrganizationRow, phoneInput: string, requestedAt: Date, phoneField = 'phone'): Promise<SingleCallTiming> {
  const phone = toE164(phoneInput, phoneCountryOf(org.address));
  if (!phone) throw invalid({ [phoneField]: 'Enter a valid phone number (with its country code when it is abroad).' });
  const settings = (await outboundSettingsOf(db, [org.id])).get(org.id)!;
  const zones = calleeZones({ timeZone: null, phone }, org.timeZone);
  const t = requestedAt.getTime();
  const at = nextCallTime(zones.zones, settings.window, t);
  return {
    phone,
    timeZone: zones.label,
    timeZoneSource: zones.source,
    requestedAt: requestedAt.toISOString(),
    placeAt: at === null ? null : new Date(at).toISOString(),
    waits: at !== t,
  };
}

/** `GET /api/outbound/calls/timing`: what the single-call form tells before the call is queued. */
export async function singleCallTiming(ctx: AppContext, actor: StaffActor, query: SingleCallTimingQuery): Promise<SingleCallTiming> {
  requireCapability(actor, 'outbound.single');
  const org = await loadVisibleOrganization(ctx.db, actor, query.organizationId);
  const now = ctx.clock.now();
  const requested = query.scheduledFor ? new Date(query.scheduledFor) : now;
  // Reported as the query's field (API conventions: querystring.<field>); the body route keeps `phone`.
  return singleCallTimingFor(ctx.db, org, query.phone, requested < now ? now : requested, 'querystring.phone');
}
