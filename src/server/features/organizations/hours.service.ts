import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { conflict } from '../../http/errors.js';
import { organizationScope, type StaffActor } from '../../policy/actor.js';
import type { Hours, HoursOverride, WeeklyInterval } from '../../../domain/time/index.js';
import { recordAudit } from '../audit/index.js';
import { isUuid, loadVisibleOrganization } from './organizations.policy.js';
import type { OrganizationRow } from './organizations.repository.js';
import { HoursStatusCache, type OrganizationStatus } from './hours-status-cache.js';
import { findHours, hoursOfMany, listOpenNowRows, openNowFingerprint, saveHoursIfVersion, type HoursRow } from './hours.repository.js';
import { presentOpenNowItems } from './hours.presenter.js';
import type { HoursInput } from '../../../contracts/hours.js';

/** What other features read of this one, used as they are. */
export { presentOpenNow } from './hours.presenter.js';
export { findHours, insertEmptyHours as createEmptyHours } from './hours.repository.js';

export const HOURS_STALE_MESSAGE = 'These hours were changed elsewhere. Reload to see the latest version, then make your change again.';
const PAUSED_TEXT = 'Paused · calls get the closed message';

/** Parsed hours and their status windows, per organization version (see hours-status-cache.ts). */
const statusCache = new HoursStatusCache();

/**
 * Open or closed now, the next change and describeStatus's words, from the status cache: for
 * callers that already hold the hours and their version (the agent reads them with the call).
 */
export function cachedHoursStatus(organizationId: string, version: number, hours: Hours, nowMs: number): OrganizationStatus {
  if (!statusCache.has(organizationId, version, hours.timeZone)) statusCache.put(organizationId, version, hours);
  return statusCache.status(organizationId, version, hours.timeZone, nowMs);
}

export interface StoredHours {
  organization: OrganizationRow;
  weekly: WeeklyInterval[];
  overrides: HoursOverride[];
  version: number;
  updatedAt: Date | null;
  status: OrganizationStatus & { paused: boolean };
}

export async function getHours(ctx: AppContext, actor: StaffActor, organizationId: string): Promise<StoredHours> {
  const organization = await loadVisibleOrganization(ctx.db, actor, organizationId);
  const row = await findHours(ctx.db, organization.id);
  return present(organization, row, ctx.clock.now().getTime());
}

export async function saveHours(ctx: AppContext, actor: StaffActor, organizationId: string, body: HoursInput): Promise<StoredHours> {
  const organization = await loadVisibleOrganization(ctx.db, actor, organizationId);
  const weekly = normalizeWeekly(body.weekly);
  const overrides = normalizeOverrides(body.overrides);
  const row = await ctx.db.transaction(async (tx) => {
    const saved = await saveHoursIfVersion(tx, organization.id, body.version, { weekly, overrides, updatedBy: actor.userId });
    if (!saved) {
      const current = await findHours(tx, organization.id);
      throw conflict(HOURS_STALE_MESSAGE, 'stale_version', { currentVersion: current?.version ?? 0 });
    }
    await recordAudit(tx, {
      action: 'hours.updated',
      outcome: 'success',
      actor,
      organizationId: organization.id,
      recordType: 'organization_hours',
      recordId: organization.id,
      details: { version: saved.version, weeklyIntervals: weekly.length, overrides: overrides.length },
    });
    return saved;
  });
  return present(organization, row, ctx.clock.now().getTime());
}

export interface OpenNowItem {
  organizationId: string;
  name: string;
  slug: string;
  timeZone: string;
  status: OrganizationRow['status'];
  hoursVersion: number;
  paused: boolean;
  open: boolean;
  label: string | null;
  nextChange: { at: number; iso: string; opens: boolean } | null;
  text: string;
}

/**
 * Open or closed now, with the next change, for every organization the actor may see. One
 * query for the organizations and their hours' versions; hours are read only for versions not
 * cached yet; statuses come from the cache's windows.
 */
export async function openNow(ctx: AppContext, actor: StaffActor): Promise<{ at: number; items: OpenNowItem[]; until: number }> {
  return openNowAt(ctx, organizationScope(actor), ctx.clock.now().getTime());
}

async function openNowAt(ctx: AppContext, scope: string[] | null, now: number): Promise<{ at: number; items: OpenNowItem[]; until: number }> {
  const rows = await listOpenNowRows(ctx.db, scope);
  const missing = new Set(rows.filter((r) => !statusCache.has(r.id, r.hoursVersion, r.timeZone)).map((r) => r.id));
  if (missing.size) {
    const stored = new Map((await hoursOfMany(ctx.db, [...missing])).map((h) => [h.organizationId, h]));
    for (const r of rows) {
      if (!missing.has(r.id)) continue;
      const h = stored.get(r.id);
      // Versions are re-read with the hours: a save in between caches the newer ones.
      statusCache.put(r.id, h?.version ?? 0, toHours(r.timeZone, h));
      r.hoursVersion = h?.version ?? 0;
    }
  }
  let until = Number.POSITIVE_INFINITY;
  const items = rows.map((r) => {
    const { until: holds, ...status } = statusCache.status(r.id, r.hoursVersion, r.timeZone, now);
    until = Math.min(until, holds);
    const paused = r.status === 'paused';
    return {
      organizationId: r.id,
      name: r.name,
      slug: r.slug,
      timeZone: r.timeZone,
      status: r.status,
      hoursVersion: r.hoursVersion,
      paused,
      ...(paused ? { open: false, label: status.label, nextChange: null, text: PAUSED_TEXT } : status),
    };
  });
  return { at: now, items, until };
}

/**
 * The open-now answer as JSON, for the route. The items are kept per scope while the
 * organizations' versions (one small query) and every status's own validity allow, so the
 * overview refreshing every minute for a thousand organizations costs a query and a string.
 */
const answers = new Map<string, { fingerprint: string; from: number; until: number; items: string }>();
const MAX_ANSWERS = 1000;

export async function openNowJson(ctx: AppContext, actor: StaffActor): Promise<string> {
  const scope = organizationScope(actor);
  const key = scope ? [...scope].sort().join(',') : '*';
  const now = ctx.clock.now().getTime();
  const fingerprint = await openNowFingerprint(ctx.db, scope);
  let hit = answers.get(key);
  if (!hit || hit.fingerprint !== fingerprint || now < hit.from || now >= hit.until) {
    const result = await openNowAt(ctx, scope, now);
    hit = { fingerprint, from: now, until: result.until, items: JSON.stringify(presentOpenNowItems(result.items)) };
    if (answers.size >= MAX_ANSWERS && !answers.has(key)) answers.delete(answers.keys().next().value!);
    answers.set(key, hit);
  }
  return `{"at":${JSON.stringify(new Date(now).toISOString())},"items":${hit.items}}`;
}

/** The domain's `Hours` of an organization (no stored row: never open). */
export function toHours(timeZone: string, row: Pick<HoursRow, 'weekly' | 'overrides'> | undefined): Hours {
  return { timeZone, weekly: row?.weekly ?? [], overrides: row?.overrides ?? [] };
}

function present(organization: OrganizationRow, row: HoursRow | undefined, now: number): StoredHours {
  const version = row?.version ?? 0;
  if (!statusCache.has(organization.id, version, organization.timeZone)) statusCache.put(organization.id, version, toHours(organization.timeZone, row));
  const status = statusCache.status(organization.id, version, organization.timeZone, now);
  const paused = organization.status === 'paused';
  return {
    organization,
    weekly: row?.weekly ?? [],
    overrides: row?.overrides ?? [],
    version,
    updatedAt: row?.updatedAt ?? null,
    status: paused ? { ...status, open: false, nextChange: null, text: PAUSED_TEXT, paused } : { ...status, paused },
  };
}

function normalizeWeekly(weekly: WeeklyInterval[]): WeeklyInterval[] {
  return weekly
    .map((w) => ({ day: w.day, start: w.start, end: w.end }))
    .sort((a, b) => a.day - b.day || (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

/** Every override keeps (or gets) a stable id so clients can key and edit it. */
function normalizeOverrides(overrides: HoursOverride[]): HoursOverride[] {
  return overrides
    .map((o) => ({
      id: isUuid(o.id) ? o.id.toLowerCase() : randomUUID(),
      from: o.from,
      to: o.to,
      label: o.label,
      closed: o.closed,
      intervals: o.closed ? [] : [...o.intervals].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0)),
    }))
    .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.to < b.to ? -1 : a.to > b.to ? 1 : 0));
}
