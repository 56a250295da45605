import { and, asc, count, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { scheduleOverrides, scheduleShifts, schedules, userOrganizations, users } from '../../db/schema/index.js';

export type ScheduleRow = typeof schedules.$inferSelect;
export type ShiftRow = typeof scheduleShifts.$inferSelect;
export type ShiftInsert = typeof scheduleShifts.$inferInsert;
export type OverrideRow = typeof scheduleOverrides.$inferSelect;
export type OverrideInsert = typeof scheduleOverrides.$inferInsert;

export async function listSchedules(db: DbOrTx, organizationId: string): Promise<ScheduleRow[]> {
  return db.select().from(schedules).where(eq(schedules.organizationId, organizationId)).orderBy(asc(schedules.name), asc(schedules.id));
}

export async function findSchedule(db: DbOrTx, id: string): Promise<ScheduleRow | undefined> {
  const [row] = await db.select().from(schedules).where(eq(schedules.id, id)).limit(1);
  return row;
}

export async function findScheduleByName(db: DbOrTx, organizationId: string, name: string): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .select()
    .from(schedules)
    .where(and(eq(schedules.organizationId, organizationId), sql`lower(${schedules.name}) = lower(${name})`))
    .limit(1);
  return row;
}

export async function insertSchedule(db: DbOrTx, row: { organizationId: string; name: string; description: string; purpose?: ScheduleRow['purpose'] }): Promise<ScheduleRow> {
  const [created] = await db.insert(schedules).values(row).returning();
  return created!;
}

export async function updateScheduleIfVersion(
  db: DbOrTx,
  id: string,
  version: number,
  patch: { name?: string; description?: string; purpose?: ScheduleRow['purpose'] },
): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .update(schedules)
    .set({ ...patch, version: sql`${schedules.version} + 1`, updatedAt: new Date() })
    .where(and(eq(schedules.id, id), eq(schedules.version, version)))
    .returning();
  return row;
}

export async function deleteScheduleIfVersion(db: DbOrTx, id: string, version: number): Promise<boolean> {
  const rows = await db
    .delete(schedules)
    .where(and(eq(schedules.id, id), eq(schedules.version, version)))
    .returning({ id: schedules.id });
  return rows.length > 0;
}

/** Shifts and overrides change the rota: the schedule's `updatedAt` follows them. */
export async function touchSchedule(db: DbOrTx, id: string): Promise<void> {
  await db.update(schedules).set({ updatedAt: new Date() }).where(eq(schedules.id, id));
}

export async function listShifts(db: DbOrTx, scheduleIds: string[]): Promise<ShiftRow[]> {
  if (scheduleIds.length === 0) return [];
  return db
    .select()
    .from(scheduleShifts)
    .where(inArray(scheduleShifts.scheduleId, scheduleIds))
    .orderBy(asc(scheduleShifts.precedence), sql`${scheduleShifts.days}[1]`, asc(scheduleShifts.startTime), asc(scheduleShifts.id));
}

/** Overrides that end after `after` (and, with `before`, start before it). */
export async function listOverrides(db: DbOrTx, scheduleIds: string[], after: Date, before?: Date): Promise<OverrideRow[]> {
  if (scheduleIds.length === 0) return [];
  const where = [inArray(scheduleOverrides.scheduleId, scheduleIds), gt(scheduleOverrides.endsAt, after)];
  if (before) where.push(lt(scheduleOverrides.startsAt, before));
  return db
    .select()
    .from(scheduleOverrides)
    .where(and(...where))
    .orderBy(asc(scheduleOverrides.startsAt), asc(scheduleOverrides.createdAt), asc(scheduleOverrides.id));
}

export async function countShifts(db: DbOrTx, scheduleIds: string[]): Promise<Map<string, number>> {
  const map = new Map<string, number>();
  if (scheduleIds.length === 0) return map;
  const rows = await db
    .select({ id: scheduleShifts.scheduleId, n: count() })
    .from(scheduleShifts)
    .where(inArray(scheduleShifts.scheduleId, scheduleIds))
    .groupBy(scheduleShifts.scheduleId);
  for (const r of rows) map.set(r.id, Number(r.n));
  return map;
}

export async function findShift(db: DbOrTx, scheduleId: string, id: string): Promise<ShiftRow | undefined> {
  const [row] = await db
    .select()
    .from(scheduleShifts)
    .where(and(eq(scheduleShifts.id, id), eq(scheduleShifts.scheduleId, scheduleId)))
    .limit(1);
  return row;
}

export async function insertShift(db: DbOrTx, row: ShiftInsert): Promise<ShiftRow> {
  const [created] = await db.insert(scheduleShifts).values(row).returning();
  return created!;
}

export async function updateShiftIfVersion(db: DbOrTx, scheduleId: string, id: string, version: number, patch: Partial<ShiftInsert>): Promise<ShiftRow | undefined> {
  const [row] = await db
    .update(scheduleShifts)
    .set({ ...patch, version: sql`${scheduleShifts.version} + 1`, updatedAt: new Date() })
    .where(and(eq(scheduleShifts.id, id), eq(scheduleShifts.scheduleId, scheduleId), eq(scheduleShifts.version, version)))
    .returning();
  return row;
}

export async function deleteShiftIfVersion(db: DbOrTx, scheduleId: string, id: string, version: number): Promise<boolean> {
  const rows = await db
    .delete(scheduleShifts)
    .where(and(eq(scheduleShifts.id, id), eq(scheduleShifts.scheduleId, scheduleId), eq(scheduleShifts.version, version)))
    .returning({ id: scheduleShifts.id });
  return rows.length > 0;
}

export async function findOverride(db: DbOrTx, scheduleId: string, id: string): Promise<OverrideRow | undefined> {
  const [row] = await db
    .select()
    .from(scheduleOverrides)
    .where(and(eq(scheduleOverrides.id, id), eq(scheduleOverrides.scheduleId, scheduleId)))
    .limit(1);
  return row;
}

export async function insertOverride(db: DbOrTx, row: OverrideInsert): Promise<OverrideRow> {
  const [created] = await db.insert(scheduleOverrides).values(row).returning();
  return created!;
}

export async function updateOverrideIfVersion(
  db: DbOrTx,
  scheduleId: string,
  id: string,
  version: number,
  patch: Partial<OverrideInsert>,
): Promise<OverrideRow | undefined> {
  const [row] = await db
    .update(scheduleOverrides)
    .set({ ...patch, version: sql`${scheduleOverrides.version} + 1`, updatedAt: new Date() })
    .where(and(eq(scheduleOverrides.id, id), eq(scheduleOverrides.scheduleId, scheduleId), eq(scheduleOverrides.version, version)))
    .returning();
  return row;
}

export async function deleteOverrideIfVersion(db: DbOrTx, scheduleId: string, id: string, version: number): Promise<boolean> {
  const rows = await db
    .delete(scheduleOverrides)
    .where(and(eq(scheduleOverrides.id, id), eq(scheduleOverrides.scheduleId, scheduleId), eq(scheduleOverrides.version, version)))
    .returning({ id: scheduleOverrides.id });
  return rows.length > 0;
}

/** Of `userIds`, those who belong to the organization and are not deactivated. */
export async function activeMemberIds(db: DbOrTx, organizationId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userOrganizations, eq(userOrganizations.userId, users.id))
    .where(and(eq(userOrganizations.organizationId, organizationId), inArray(users.id, userIds), ne(users.status, 'disabled')))
    .limit(userIds.length);
  return new Set(rows.map((r) => r.id));
}

export async function userNames(db: DbOrTx, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.id, r.name || r.email]));
}

/** Name, phone and whether the account is active, of the users on duty (live transfers dial them). */
export async function dutyContacts(db: DbOrTx, userIds: string[]): Promise<Map<string, { name: string; phone: string | null; active: boolean }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone, status: users.status })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.id, { name: r.name || r.email, phone: r.phone, active: r.status === 'active' }]));
}

/**
 * The sandbox's schedules (decision 056) set to the practice's, with every person on duty replaced
 * by a stand-in number of the fictional 202-555-01xx range: an agent test transfers and alerts
 * as the practice would, and nobody real is rung, texted or e-mailed. Date overrides are left out.
 * `officeAroundTheClock`: the office-hours shifts cover every hour (an agent test "while open",
 * whose office is open around the clock, finds the front desk staffed as in office hours).
 */
export async function copySchedulesWithStandIns(db: DbOrTx, fromOrganizationId: string, toOrganizationId: string, opts: { officeAroundTheClock?: boolean } = {}): Promise<void> {
  await db.delete(schedules).where(eq(schedules.organizationId, toOrganizationId));
  const source = await listSchedules(db, fromOrganizationId);
  if (source.length === 0) return;
  const shifts = await db.select().from(scheduleShifts).where(inArray(scheduleShifts.scheduleId, source.map((s) => s.id)));
  const standIns = new Map<string, string>();
  const standIn = (key: string) => {
    if (!standIns.has(key)) standIns.set(key, `+1202555${String(100 + (standIns.size % 100)).padStart(4, '0')}`);
    return standIns.get(key)!;
  };
  for (const s of source) {
    const [copy] = await db
      .insert(schedules)
      .values({ organizationId: toOrganizationId, name: s.name, description: s.description, purpose: s.purpose })
      .returning({ id: schedules.id });
    const own = shifts.filter((sh) => sh.scheduleId === s.id);
    if (own.length === 0) continue;
    await db.insert(scheduleShifts).values(
      own.map((sh) => ({
        scheduleId: copy!.id,
        organizationId: toOrganizationId,
        assigneeType: 'phone' as const,
        assigneePhone: standIn(sh.assigneeUserId ? `user:${sh.assigneeUserId}` : `phone:${sh.assigneePhone}`),
        ...(opts.officeAroundTheClock && s.purpose === 'office_hours' ? { days: [1, 2, 3, 4, 5, 6, 7], startTime: '00:00', endTime: '24:00' } : { days: sh.days, startTime: sh.startTime, endTime: sh.endTime }),
        effectiveFrom: sh.effectiveFrom,
        effectiveTo: sh.effectiveTo,
        precedence: sh.precedence,
      })),
    );
  }
}

/** Whether the organization has anyone on a schedule of this purpose at all (the agent-test starter suite's transfer expectation). */
export async function hasShifts(db: DbOrTx, organizationId: string, purpose: ScheduleRow['purpose']): Promise<boolean> {
  const rows = await db
    .select({ id: scheduleShifts.id })
    .from(scheduleShifts)
    .innerJoin(schedules, eq(schedules.id, scheduleShifts.scheduleId))
    .where(and(eq(scheduleShifts.organizationId, organizationId), eq(schedules.purpose, purpose)))
    .limit(1);
  return rows.length > 0;
}
