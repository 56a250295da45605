import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { organizationHours, organizations } from '../../db/schema/index.js';
import type { HoursOverride, WeeklyInterval } from '../../../domain/time/index.js';

export type HoursRow = typeof organizationHours.$inferSelect;

/** A new organization's hours: none yet (closed), version 1. */
export async function insertEmptyHours(db: DbOrTx, organizationId: string): Promise<void> {
  await db.insert(organizationHours).values({ organizationId });
}

export async function findHours(db: DbOrTx, organizationId: string): Promise<HoursRow | undefined> {
  const [row] = await db.select().from(organizationHours).where(eq(organizationHours.organizationId, organizationId)).limit(1);
  return row;
}

/**
 * Replaces the hours only if they are still at `version` (0: none stored yet), bumping it;
 * undefined when someone saved in between.
 */
export async function saveHoursIfVersion(
  db: DbOrTx,
  organizationId: string,
  version: number,
  hours: { weekly: WeeklyInterval[]; overrides: HoursOverride[]; updatedBy: string },
): Promise<HoursRow | undefined> {
  if (version === 0) {
    const [row] = await db
      .insert(organizationHours)
      .values({ organizationId, ...hours, version: 1, updatedAt: new Date() })
      .onConflictDoNothing()
      .returning();
    return row;
  }
  const [row] = await db
    .update(organizationHours)
    .set({ ...hours, version: sql`${organizationHours.version} + 1`, updatedAt: new Date() })
    .where(and(eq(organizationHours.organizationId, organizationId), eq(organizationHours.version, version)))
    .returning();
  return row;
}

export type OpenNowRow = {
  id: string;
  name: string;
  slug: string;
  timeZone: string;
  status: 'active' | 'paused' | 'deactivated';
  hoursVersion: number;
};

/**
 * The organizations for an open-now answer with their hours' version only; the (larger) hours
 * themselves are read separately for the few whose version is not cached yet. Plain rows
 * (no ORM mapping): this runs on every overview refresh for up to thousands of organizations.
 */
export async function listOpenNowRows(db: DbOrTx, scope: string[] | null): Promise<OpenNowRow[]> {
  if (scope && scope.length === 0) return [];
  const visible = scope ? sql`and o.id = any(${sql.param(scope)}::uuid[])` : sql``;
  const result = await db.execute<OpenNowRow>(sql`
    select o.id, o.name, o.slug, o.time_zone as "timeZone", o.status, coalesce(h.version, 0) as "hoursVersion"
    from ${organizations} o
    left join ${organizationHours} h on h.organization_id = o.id
    where o.status <> 'deactivated' ${visible}
    order by o.name, o.id`);
  return result.rows;
}

/**
 * Changes to the organizations in scope, as one value: every edit of an organization or its
 * hours bumps a version, and new organizations add to the count, so this only ever moves on a
 * change — whichever node made it, whatever its clock says.
 */
export async function openNowFingerprint(db: DbOrTx, scope: string[] | null): Promise<string> {
  if (scope && scope.length === 0) return 'none';
  const visible = scope ? sql`where o.id = any(${sql.param(scope)}::uuid[])` : sql``;
  const result = await db.execute<{ n: string; o: string; h: string }>(sql`
    select count(*)::text as n, coalesce(sum(o.version), 0)::text as o, coalesce(sum(h.version), 0)::text as h
    from ${organizations} o
    left join ${organizationHours} h on h.organization_id = o.id
    ${visible}`);
  const row = result.rows[0]!;
  return `${row.n}:${row.o}:${row.h}`;
}

export async function hoursOfMany(db: DbOrTx, organizationIds: string[]): Promise<HoursRow[]> {
  if (organizationIds.length === 0) return [];
  return db.select().from(organizationHours).where(inArray(organizationHours.organizationId, organizationIds));
}

/** The sandbox's hours set to the practice's (decision 056), the version bumped so no cached status survives. */
export async function copyHours(db: DbOrTx, fromOrganizationId: string, toOrganizationId: string): Promise<void> {
  await db.execute(sql`
    insert into organization_hours (organization_id, weekly, overrides, version, updated_at)
    select ${toOrganizationId}::uuid, coalesce(h.weekly, '[]'::jsonb), coalesce(h.overrides, '[]'::jsonb), 1, now()
      from (select 1) one left join organization_hours h on h.organization_id = ${fromOrganizationId}::uuid
    on conflict (organization_id) do update
      set weekly = excluded.weekly, overrides = excluded.overrides, version = organization_hours.version + 1, updated_at = now()`);
}

/** The sandbox's office open around the clock or never (decision 056: an agent test's `callsWhen`), the version bumped. */
export async function setHoursAroundTheClock(db: DbOrTx, organizationId: string, open: boolean): Promise<void> {
  const weekly = open ? [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' })) : [];
  await db
    .insert(organizationHours)
    .values({ organizationId, weekly, overrides: [], version: 1 })
    .onConflictDoUpdate({ target: organizationHours.organizationId, set: { weekly, overrides: [], version: sql`${organizationHours.version} + 1`, updatedAt: new Date() } });
}
