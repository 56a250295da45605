import { and, asc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { appointmentRequestEvents, appointmentRequests, userOrganizations, users } from '../../db/schema/index.js';
import type { AppointmentStatus } from '../../../domain/appointment-requests/state.js';
import type { BookedVisit } from '../../../domain/appointment-requests/booked-visits.js';
import { VISIT_MINUTES } from '../../../domain/appointment-requests/visit-slots.js';
import type { AppointmentRequestRow } from './request-submission.service.js';
import { olderThanCursor, timeCursorOf } from '../../db/time-cursor.js';

export async function findRequest(db: DbOrTx, id: string): Promise<AppointmentRequestRow | undefined> {
  const [row] = await db.select().from(appointmentRequests).where(eq(appointmentRequests.id, id)).limit(1);
  return row;
}

/**
 * The conditional transition: applied only while the request is still at `version` and in one
 * of `from`, so two people deciding the same request at once cannot both succeed.
 */
export async function transitionIfVersion(
  db: DbOrTx,
  id: string,
  version: number,
  from: AppointmentStatus[],
  patch: Partial<Pick<AppointmentRequestRow, 'status' | 'scheduledFor' | 'visitMinutes' | 'visitLocation' | 'visitClinician' | 'declineReason' | 'cancelReason' | 'decidedBy'>>,
  now: Date,
): Promise<AppointmentRequestRow | undefined> {
  const [row] = await db
    .update(appointmentRequests)
    .set({ ...patch, updatedAt: now, version: sql`${appointmentRequests.version} + 1` })
    .where(and(eq(appointmentRequests.id, id), eq(appointmentRequests.version, version), inArray(appointmentRequests.status, from)))
    .returning();
  return row;
}

export async function insertRequestEvent(db: DbOrTx, row: typeof appointmentRequestEvents.$inferInsert): Promise<void> {
  await db.insert(appointmentRequestEvents).values(row);
}

export async function listRequestEvents(db: DbOrTx, requestId: string) {
  return db
    .select({
      fromStatus: appointmentRequestEvents.fromStatus,
      toStatus: appointmentRequestEvents.toStatus,
      actorType: appointmentRequestEvents.actorType,
      actorName: users.name,
      note: appointmentRequestEvents.note,
      at: appointmentRequestEvents.at,
    })
    .from(appointmentRequestEvents)
    .leftJoin(users, eq(users.id, appointmentRequestEvents.actorUserId))
    .where(eq(appointmentRequestEvents.appointmentRequestId, requestId))
    .orderBy(asc(appointmentRequestEvents.at), asc(appointmentRequestEvents.id));
}

export async function userName(db: DbOrTx, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return row?.name ?? null;
}

/**
 * Submitted requests (never drafts), newest first by (created_at, id) keyset pages, in the
 * organizations of `scope` (null: all). Used by the public API's list (issue 18).
 */
export async function listRequestsPage(
  db: DbOrTx,
  q: { scope: string[] | null; organizationId?: string; status?: AppointmentStatus; cursor?: string; limit: number },
): Promise<(AppointmentRequestRow & { cursor: string })[]> {
  const conditions = [sql`${appointmentRequests.status} <> 'draft'`];
  if (q.scope) conditions.push(inArray(appointmentRequests.organizationId, q.scope.length ? q.scope : ['00000000-0000-0000-0000-000000000000']));
  // Every organization (administrators) but the agent-test sandboxes (decision 056).
  else conditions.push(sql`${appointmentRequests.organizationId} not in (select id from organizations where sandbox_of is not null)`);
  if (q.organizationId) conditions.push(eq(appointmentRequests.organizationId, q.organizationId));
  if (q.status) conditions.push(eq(appointmentRequests.status, q.status));
  if (q.cursor) conditions.push(olderThanCursor(appointmentRequests.createdAt, appointmentRequests.id, q.cursor));
  const rows = await db
    .select({ row: appointmentRequests, cursor: timeCursorOf(appointmentRequests.createdAt, appointmentRequests.id) })
    .from(appointmentRequests)
    .where(and(...conditions))
    .orderBy(sql`${appointmentRequests.createdAt} desc, ${appointmentRequests.id} desc`)
    .limit(q.limit);
  return rows.map((r) => ({ ...r.row, cursor: r.cursor }));
}

/**
 * The practice's people and places as they exist, for the scheduling dialog to offer: its active
 * members (not administrators of every organization) and the clinicians and locations its
 * scheduled visits already name, most used first.
 */
export async function visitChoices(db: DbOrTx, organizationId: string): Promise<{ members: string[]; clinicians: string[]; locations: string[] }> {
  const [members, used] = await Promise.all([
    db
      .select({ name: users.name })
      .from(users)
      .innerJoin(userOrganizations, and(eq(userOrganizations.userId, users.id), eq(userOrganizations.organizationId, organizationId)))
      .where(and(eq(users.status, 'active'), inArray(users.role, ['supervisor', 'agent'])))
      .orderBy(asc(users.name))
      .limit(200),
    db.execute<{ kind: 'clinician' | 'location'; value: string }>(sql`
      select kind, value from (
        select 'clinician' as kind, ${appointmentRequests.visitClinician} as value, count(*) as n from ${appointmentRequests}
        where ${appointmentRequests.organizationId} = ${organizationId} and ${appointmentRequests.visitClinician} is not null group by 2
        union all
        select 'location', ${appointmentRequests.visitLocation}, count(*) from ${appointmentRequests}
        where ${appointmentRequests.organizationId} = ${organizationId} and ${appointmentRequests.visitLocation} is not null group by 2
      ) t order by n desc, value limit 100`),
  ]);
  const rows = used.rows;
  return {
    members: members.map((m) => m.name),
    clinicians: rows.filter((r) => r.kind === 'clinician').map((r) => r.value),
    locations: rows.filter((r) => r.kind === 'location').map((r) => r.value),
  };
}

/**
 * The organization's scheduled visits (never another organization's, never the request `exceptId`)
 * that start in (fromMs, toMs): to find every visit overlapping a span, start `fromMs` one longest
 * visit before it. Served by appointment_requests_org_status_idx (organization_id, status, …),
 * then the start filtered among that organization's scheduled visits.
 */
export async function scheduledVisitsBetween(
  db: DbOrTx,
  q: { organizationId: string; exceptId: string; fromMs: number; toMs: number },
): Promise<BookedVisit[]> {
  const rows = await db
    .select({ scheduledFor: appointmentRequests.scheduledFor, visitMinutes: appointmentRequests.visitMinutes, visitClinician: appointmentRequests.visitClinician })
    .from(appointmentRequests)
    .where(
      and(
        eq(appointmentRequests.organizationId, q.organizationId),
        eq(appointmentRequests.status, 'scheduled'),
        gt(appointmentRequests.scheduledFor, new Date(q.fromMs)),
        lt(appointmentRequests.scheduledFor, new Date(q.toMs)),
        ne(appointmentRequests.id, q.exceptId),
      ),
    )
    .orderBy(asc(appointmentRequests.scheduledFor));
  // A visit scheduled before lengths were kept (migration 0020) lasts the usual length.
  return rows.flatMap((r) => (r.scheduledFor ? [{ startMs: r.scheduledFor.getTime(), minutes: r.visitMinutes ?? VISIT_MINUTES.default, clinician: r.visitClinician }] : []));
}
