import { and, asc, count, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appointmentRequests, handoffEvents, handoffSlaSettings, handoffs, type organizationHours, organizations, userOrganizations, users } from '../../db/schema/index.js';
import { queryNamed } from '../../db/prepared.js';
import { rowOf } from '../../db/rows.js';
import type { HandoffRow } from './create-handoff.service.js';
import { requestSliceCondition, type RequestSlice } from './request-slice.js';

export type HandoffStatus = HandoffRow['status'];
export type HandoffEventRow = typeof handoffEvents.$inferSelect;

export interface HandoffListRow extends HandoffRow {
  organizationName: string;
  assigneeName: string | null;
  requestStatus: (typeof appointmentRequests.$inferSelect)['status'] | null;
}

export interface HandoffListFilter {
  /** Organizations the caller may see; null: every organization (admins). */
  scope: string[] | null;
  /** all: every status (analytics' drill-down into a funnel step). */
  tab: 'open' | 'mine' | 'resolved' | 'all';
  userId: string;
  organizationId?: string;
  organizationIds?: string[];
  requestSlice?: RequestSlice;
  type?: HandoffRow['type'];
  priority?: HandoffRow['priority'];
  assigneeId?: string;
  page: number;
  pageSize: number;
}

const UNRESOLVED: HandoffStatus[] = ['open', 'claimed'];
const PRIORITY_RANK = sql`case ${handoffs.priority} when 'urgent' then 0 when 'high' then 1 when 'normal' then 2 else 3 end`;

const listColumns = {
  handoff: handoffs,
  organizationName: organizations.name,
  assigneeName: users.name,
  requestStatus: appointmentRequests.status,
};

function flatten(r: { handoff: HandoffRow; organizationName: string; assigneeName: string | null; requestStatus: HandoffListRow['requestStatus'] }): HandoffListRow {
  return { ...r.handoff, organizationName: r.organizationName, assigneeName: r.assigneeName, requestStatus: r.requestStatus };
}

/** The queue: scoped to the caller's organizations, sorted by priority then deadline (resolved: newest first). */
export async function listHandoffs(db: DbOrTx, f: HandoffListFilter): Promise<{ rows: HandoffListRow[]; total: number; counts: { open: number; mine: number } }> {
  if (f.scope && f.scope.length === 0) return { rows: [], total: 0, counts: { open: 0, mine: 0 } };
  const common: SQL[] = [];
  if (f.scope) common.push(inArray(handoffs.organizationId, f.scope));
  // Every organization (administrators) but the practices' agent-test sandboxes (decision 056).
  else common.push(sql`${handoffs.organizationId} not in (select id from organizations where sandbox_of is not null)`);
  if (f.organizationId) common.push(eq(handoffs.organizationId, f.organizationId));
  if (f.organizationIds) common.push(inArray(handoffs.organizationId, f.organizationIds));
  if (f.requestSlice) common.push(requestSliceCondition(f.requestSlice));
  if (f.type) common.push(eq(handoffs.type, f.type));
  if (f.priority) common.push(eq(handoffs.priority, f.priority));
  const open = inArray(handoffs.status, UNRESOLVED);
  const mine = and(open, eq(handoffs.assigneeId, f.userId))!;
  const tab = f.tab === 'open' ? open : f.tab === 'mine' ? mine : f.tab === 'all' ? undefined : inArray(handoffs.status, ['resolved', 'canceled']);
  const where = tab ? [...common, tab] : [...common];
  if (f.assigneeId && f.tab !== 'mine') where.push(f.assigneeId === 'unassigned' ? isNull(handoffs.assigneeId) : eq(handoffs.assigneeId, f.assigneeId));
  const orderBy =
    f.tab === 'all'
      ? [desc(handoffs.createdAt), desc(handoffs.id)]
      : f.tab === 'resolved'
      ? [desc(sql`coalesce(${handoffs.resolvedAt}, ${handoffs.updatedAt})`), desc(handoffs.id)]
      : [asc(PRIORITY_RANK), asc(handoffs.dueAt), asc(handoffs.createdAt), asc(handoffs.id)];
  const [rows, totalRow, countRow] = await Promise.all([
    db
      .select(listColumns)
      .from(handoffs)
      .innerJoin(organizations, eq(organizations.id, handoffs.organizationId))
      .leftJoin(users, eq(users.id, handoffs.assigneeId))
      .leftJoin(appointmentRequests, eq(appointmentRequests.id, handoffs.appointmentRequestId))
      .where(and(...where))
      .orderBy(...orderBy)
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(handoffs).where(and(...where)),
    db
      .select({
        open: sql<number>`count(*) filter (where ${open})`.mapWith(Number),
        mine: sql<number>`count(*) filter (where ${mine})`.mapWith(Number),
      })
      .from(handoffs)
      .where(common.length ? and(...common, open) : open),
  ]);
  return { rows: rows.map(flatten), total: Number(totalRow[0]?.n ?? 0), counts: { open: countRow[0]?.open ?? 0, mine: countRow[0]?.mine ?? 0 } };
}

export async function findHandoff(db: DbOrTx, id: string): Promise<HandoffListRow | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(handoffs)
    .innerJoin(organizations, eq(organizations.id, handoffs.organizationId))
    .leftJoin(users, eq(users.id, handoffs.assigneeId))
    .leftJoin(appointmentRequests, eq(appointmentRequests.id, handoffs.appointmentRequestId))
    .where(eq(handoffs.id, id))
    .limit(1);
  return row ? flatten(row) : undefined;
}

/**
 * The atomic claim: only an open handoff can be claimed, so of two claims at once exactly one
 * updates the row; the other gets nothing back.
 */
export async function claimIfOpen(db: DbOrTx, id: string, userId: string, now: Date): Promise<HandoffRow | undefined> {
  const [row] = await db
    .update(handoffs)
    .set({ status: 'claimed', assigneeId: userId, claimedAt: now, updatedAt: now, version: sql`${handoffs.version} + 1` })
    .where(and(eq(handoffs.id, id), eq(handoffs.status, 'open')))
    .returning();
  return row;
}

/** Applies `patch` only while the handoff is in one of `from` (re-checked by the database). */
export async function updateHandoffIfStatus(
  db: DbOrTx,
  id: string,
  from: HandoffStatus[],
  patch: Partial<Pick<HandoffRow, 'status' | 'assigneeId' | 'claimedAt' | 'resolvedAt' | 'resolution' | 'dueAt' | 'settledByAgent'>>,
  now: Date,
): Promise<HandoffRow | undefined> {
  const [row] = await db
    .update(handoffs)
    .set({ ...patch, updatedAt: now, version: sql`${handoffs.version} + 1` })
    .where(and(eq(handoffs.id, id), inArray(handoffs.status, from)))
    .returning();
  return row;
}

/** Makes an unresolved handoff urgent with a new deadline; undefined when it is closed or urgent already. */
export async function raiseToUrgent(db: DbOrTx, id: string, dueAt: Date, now: Date): Promise<HandoffRow | undefined> {
  const [row] = await db
    .update(handoffs)
    .set({ priority: 'urgent', dueAt, updatedAt: now, version: sql`${handoffs.version} + 1` })
    .where(and(eq(handoffs.id, id), inArray(handoffs.status, UNRESOLVED), ne(handoffs.priority, 'urgent')))
    .returning();
  return row;
}

/** Bumps `updatedAt` (and version) so lists and caches see a note or an attempt. */
export async function touchHandoff(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.update(handoffs).set({ updatedAt: now, version: sql`${handoffs.version} + 1` }).where(eq(handoffs.id, id));
}

const INSERT_HANDOFF = `
  with h as (
    insert into handoffs (organization_id, type, priority, source, reason, call_id, appointment_request_id, patient_id, contact_name, contact_phone, details, due_at, created_at, updated_at)
    values ($1::uuid, $2::text, $3::text, $4::text, $5::text, $6::uuid, $7::uuid, $8::uuid, $9::text, $10::text, $11::jsonb, $12::timestamptz, $13::timestamptz, $13::timestamptz)
    returning *
  ), e as (
    insert into handoff_events (handoff_id, kind, actor_user_id, data, at)
    select h.id, 'created', $14::text, jsonb_build_object('type', h.type, 'priority', h.priority), $13::timestamptz from h
  )
  select * from h`;

/** A new handoff with its first history event ("created", by `actorUserId` or the system), in one statement. */
export async function insertHandoff(
  db: DbOrTx,
  row: Pick<typeof handoffs.$inferInsert, 'organizationId' | 'type' | 'priority' | 'source' | 'reason' | 'callId' | 'appointmentRequestId' | 'patientId' | 'contactName' | 'contactPhone' | 'details' | 'dueAt'>,
  created: { at: Date; actorUserId: string | null },
): Promise<HandoffRow> {
  const [raw] = await queryNamed(db, 'switchboard_insert_handoff', INSERT_HANDOFF, [
    row.organizationId,
    row.type,
    row.priority,
    row.source,
    row.reason,
    row.callId ?? null,
    row.appointmentRequestId ?? null,
    row.patientId ?? null,
    row.contactName ?? null,
    row.contactPhone ?? null,
    JSON.stringify(row.details ?? {}),
    row.dueAt.toISOString(),
    created.at.toISOString(),
    created.actorUserId,
  ]);
  return rowOf(handoffs, raw!);
}

export async function insertHandoffEvent(db: DbOrTx, row: typeof handoffEvents.$inferInsert): Promise<HandoffEventRow> {
  const [created] = await db.insert(handoffEvents).values(row).returning();
  return created!;
}

/** A handoff of this organization on which staff have messaged the patient (the portal's thread), or undefined. */
export async function findThread(db: DbOrTx, organizationId: string, handoffId: string): Promise<Pick<HandoffRow, 'id' | 'organizationId' | 'appointmentRequestId'> | undefined> {
  const [row] = await db
    .select({ id: handoffs.id, organizationId: handoffs.organizationId, appointmentRequestId: handoffs.appointmentRequestId })
    .from(handoffs)
    .where(
      and(
        eq(handoffs.id, handoffId),
        eq(handoffs.organizationId, organizationId),
        sql`exists (select 1 from ${handoffEvents} where ${handoffEvents.handoffId} = ${handoffs.id} and ${handoffEvents.kind} = 'message_sent')`,
      ),
    )
    .limit(1);
  return row;
}

/** When the patient replied on a handoff since `since`, oldest first. */
export async function countRecentPatientReplies(db: DbOrTx, handoffId: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: handoffEvents.at })
    .from(handoffEvents)
    .where(and(eq(handoffEvents.handoffId, handoffId), eq(handoffEvents.kind, 'patient_reply'), gt(handoffEvents.at, since)))
    .orderBy(asc(handoffEvents.at))
    .limit(100);
  return rows.map((r) => r.at);
}

export async function listHandoffEvents(db: DbOrTx, handoffId: string): Promise<(HandoffEventRow & { actorName: string | null })[]> {
  const rows = await db
    .select({ event: handoffEvents, actorName: users.name })
    .from(handoffEvents)
    .leftJoin(users, eq(users.id, handoffEvents.actorUserId))
    .where(eq(handoffEvents.handoffId, handoffId))
    .orderBy(asc(handoffEvents.at), asc(handoffEvents.id));
  return rows.map((r) => ({ ...r.event, actorName: r.actorName }));
}

/** Unresolved handoffs of an appointment request (closed together with the request). */
export async function openHandoffsOfRequest(db: DbOrTx, appointmentRequestId: string): Promise<HandoffRow[]> {
  return db
    .select()
    .from(handoffs)
    .where(and(eq(handoffs.appointmentRequestId, appointmentRequestId), inArray(handoffs.status, UNRESOLVED)));
}

export interface AssignableUser {
  id: string;
  name: string;
  email: string;
  role: string;
  phone: string | null;
  notificationPreferences: { email: boolean; sms: boolean; urgentHandoffs: boolean };
}

const assignableColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  phone: users.phone,
  notificationPreferences: users.notificationPreferences,
};

/**
 * People who may work this organization's handoffs: its active members whose role works
 * handoffs, and administrators (who work every organization).
 */
export async function assignableUsers(db: DbOrTx, organizationId: string): Promise<AssignableUser[]> {
  return db
    .select(assignableColumns)
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        or(
          eq(users.role, 'admin'),
          and(
            inArray(users.role, ['supervisor', 'agent']),
            sql`exists (select 1 from ${userOrganizations} uo where uo.user_id = ${users.id} and uo.organization_id = ${organizationId})`,
          ),
        ),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/** Active users among `ids`, with what urgent alerts need. */
export async function alertTargets(db: DbOrTx, ids: string[]): Promise<AssignableUser[]> {
  if (ids.length === 0) return [];
  return db
    .select(assignableColumns)
    .from(users)
    .where(and(inArray(users.id, ids), ne(users.status, 'disabled')));
}

/** The organization's supervisors: who hears of an urgent handoff when nobody is on duty. */
export async function supervisorsOf(db: DbOrTx, organizationId: string): Promise<AssignableUser[]> {
  return db
    .select(assignableColumns)
    .from(users)
    .innerJoin(userOrganizations, eq(userOrganizations.userId, users.id))
    .where(and(eq(userOrganizations.organizationId, organizationId), eq(users.role, 'supervisor'), eq(users.status, 'active')));
}

export type SlaRow = typeof handoffSlaSettings.$inferSelect;

export async function findSlaSettings(db: DbOrTx, organizationId: string): Promise<SlaRow | undefined> {
  const [row] = await db.select().from(handoffSlaSettings).where(eq(handoffSlaSettings.organizationId, organizationId)).limit(1);
  return row;
}

/** What a handoff's deadline is worked out from: the organization's time zone, hours and deadline settings. */
export interface DeadlineRules {
  timeZone: string;
  /** `version` is the hours' edit version (hours-status-cache.ts keys its answers by it). */
  hours: { weekly: (typeof organizationHours.$inferSelect)['weekly']; overrides: (typeof organizationHours.$inferSelect)['overrides']; version: number } | undefined;
  sla: Pick<SlaRow, 'urgentMinutes' | 'highMinutes' | 'normalMinutes' | 'lowMinutes'> | undefined;
}

/** The deadline rules of an organization in one query (undefined: no such organization). */
export async function findDeadlineRules(db: DbOrTx, organizationId: string): Promise<DeadlineRules | undefined> {
  const [row] = await queryNamed(db, 'switchboard_deadline_rules', DEADLINE_RULES, [organizationId]);
  return row ? rulesFromRow(row, row.time_zone as string) : undefined;
}

/** The deadline rules as columns and joins beside a row that has the organization's id. */
const RULES_COLUMNS = `h.weekly as hours_weekly, h.overrides as hours_overrides, h.version as hours_version,
  s.urgent_minutes, s.high_minutes, s.normal_minutes, s.low_minutes, s.organization_id is not null as has_sla`;
const RULES_JOINS = (organizationId: string) => `left join organization_hours h on h.organization_id = ${organizationId}
  left join handoff_sla_settings s on s.organization_id = ${organizationId}`;

function rulesFromRow(r: Record<string, unknown>, timeZone: string): DeadlineRules {
  type Hours = NonNullable<DeadlineRules['hours']>;
  return {
    timeZone,
    hours: r.hours_weekly ? { weekly: r.hours_weekly as Hours['weekly'], overrides: (r.hours_overrides ?? []) as Hours['overrides'], version: Number(r.hours_version) } : undefined,
    sla: r.has_sla
      ? { urgentMinutes: r.urgent_minutes as number | null, highMinutes: r.high_minutes as number | null, normalMinutes: r.normal_minutes as number | null, lowMinutes: r.low_minutes as number | null }
      : undefined,
  };
}

const DEADLINE_RULES = `select o.time_zone, ${RULES_COLUMNS} from organizations o ${RULES_JOINS('o.id')} where o.id = $1::uuid`;

export async function saveSlaSettings(db: DbOrTx, row: typeof handoffSlaSettings.$inferInsert): Promise<SlaRow> {
  const { organizationId: _key, ...values } = row;
  const [saved] = await db.insert(handoffSlaSettings).values(row).onConflictDoUpdate({ target: handoffSlaSettings.organizationId, set: values }).returning();
  return saved!;
}
