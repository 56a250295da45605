import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { olderThanCursor, timeCursorOf } from '../../db/time-cursor.js';
import { organizations, userOrganizations, users, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/jobs.repository.js';
import { queryNamed, type Queryable } from '../../db/prepared.js';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookEventRow = typeof webhookEvents.$inferSelect;

export const DELIVER_WEBHOOK_TASK = 'deliver-webhook';

export interface EndpointWithOrganization extends WebhookEndpointRow {
  organizationName: string;
}

const endpointColumns = { endpoint: webhookEndpoints, organizationName: organizations.name };

export async function listEndpoints(db: DbOrTx, scope: string[] | null, organizationId?: string): Promise<EndpointWithOrganization[]> {
  const conditions = [];
  if (scope) conditions.push(inArray(webhookEndpoints.organizationId, scope.length ? scope : ['00000000-0000-0000-0000-000000000000']));
  if (organizationId) conditions.push(eq(webhookEndpoints.organizationId, organizationId));
  const rows = await db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .innerJoin(organizations, eq(organizations.id, webhookEndpoints.organizationId))
    .where(and(...conditions))
    .orderBy(desc(webhookEndpoints.createdAt))
    .limit(500);
  return rows.map((r) => ({ ...r.endpoint, organizationName: r.organizationName }));
}

export async function findEndpoint(db: DbOrTx, id: string): Promise<EndpointWithOrganization | undefined> {
  const [r] = await db.select(endpointColumns).from(webhookEndpoints).innerJoin(organizations, eq(organizations.id, webhookEndpoints.organizationId)).where(eq(webhookEndpoints.id, id));
  return r ? { ...r.endpoint, organizationName: r.organizationName } : undefined;
}

export async function insertEndpoint(db: DbOrTx, row: typeof webhookEndpoints.$inferInsert): Promise<WebhookEndpointRow> {
  const [created] = await db.insert(webhookEndpoints).values(row).returning();
  return created!;
}

export async function updateEndpoint(db: DbOrTx, id: string, patch: Partial<typeof webhookEndpoints.$inferInsert>): Promise<void> {
  await db.update(webhookEndpoints).set(patch).where(eq(webhookEndpoints.id, id));
}

export async function deleteEndpoint(db: DbOrTx, id: string): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** An event for one endpoint only ("Send test event"), with its delivery and job. */
export async function insertEventForEndpoint(db: DbOrTx, endpoint: WebhookEndpointRow, type: string, data: Record<string, unknown>): Promise<WebhookDeliveryRow> {
  const [event] = await db.insert(webhookEvents).values({ organizationId: endpoint.organizationId, type, data }).returning();
  const [delivery] = await db.insert(webhookDeliveries).values({ endpointId: endpoint.id, eventId: event!.id }).returning();
  await enqueueJob(db, DELIVER_WEBHOOK_TASK, { deliveryId: delivery!.id }, { maxAttempts: 5 });
  return delivery!;
}

export interface DeliveryListRow extends WebhookDeliveryRow {
  eventType: string;
  cursor: string;
}

export async function listDeliveries(db: DbOrTx, endpointId: string, q: { event?: string; status?: WebhookDeliveryRow['status']; cursor?: string; limit: number }): Promise<DeliveryListRow[]> {
  const conditions = [eq(webhookDeliveries.endpointId, endpointId)];
  if (q.event) conditions.push(eq(webhookEvents.type, q.event));
  if (q.status) conditions.push(eq(webhookDeliveries.status, q.status));
  if (q.cursor) conditions.push(olderThanCursor(webhookDeliveries.createdAt, webhookDeliveries.id, q.cursor));
  const rows = await db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type, cursor: timeCursorOf(webhookDeliveries.createdAt, webhookDeliveries.id) })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(...conditions))
    .orderBy(sql`${webhookDeliveries.createdAt} desc, ${webhookDeliveries.id} desc`)
    .limit(q.limit);
  return rows.map((r) => ({ ...r.delivery, eventType: r.eventType, cursor: r.cursor }));
}

export interface DeliveryToSend {
  delivery: WebhookDeliveryRow;
  endpoint: WebhookEndpointRow;
  event: WebhookEventRow;
}

export async function loadDelivery(db: DbOrTx, id: string): Promise<DeliveryToSend | undefined> {
  const [r] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, id));
  return r;
}

export async function attemptsOf(db: DbOrTx, deliveryId: string) {
  return db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(webhookAttempts.attempt, webhookAttempts.id);
}

export async function insertAttempt(db: DbOrTx, row: typeof webhookAttempts.$inferInsert): Promise<void> {
  await db.insert(webhookAttempts).values(row);
}

/**
 * Moves a delivery on after an attempt, only if no other run moved it meanwhile (`attempts` as
 * read): false when it was (the caller then leaves it alone).
 */
export async function settleDelivery(
  db: DbOrTx,
  id: string,
  attemptsBefore: number,
  patch: Pick<WebhookDeliveryRow, 'status' | 'nextAttemptAt' | 'lastResponseStatus'>,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ ...patch, attempts: attemptsBefore + 1, updatedAt: now })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.attempts, attemptsBefore), eq(webhookDeliveries.status, 'pending')))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

export async function scheduleAttempt(db: DbOrTx, deliveryId: string, runAt?: Date): Promise<void> {
  await enqueueJob(db, DELIVER_WEBHOOK_TASK, { deliveryId }, { runAt, maxAttempts: 5 });
}

/**
 * Replay: the delivery (or every failed one of the endpoint since `since`) is pending again with
 * a job due now, attempts continuing their count. A pending delivery is tried now as well; its
 * scheduled job then finds it settled, or settles only what it attempted (settleDelivery).
 */
export async function requeueDeliveries(db: DbOrTx, endpointId: string, filter: { deliveryId: string } | { failedSince: Date }, now: Date): Promise<string[]> {
  const where =
    'deliveryId' in filter
      ? and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, filter.deliveryId))
      : and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'failed'), gte(webhookDeliveries.createdAt, filter.failedSince));
  const rows = await db.update(webhookDeliveries).set({ status: 'pending', nextAttemptAt: now, updatedAt: now }).where(where).returning({ id: webhookDeliveries.id });
  for (const r of rows) await scheduleAttempt(db, r.id);
  return rows.map((r) => r.id);
}

/** Where to tell that an endpoint was turned off: the active administrators, and the endpoint's creator. */
export async function adminEmailsFor(db: DbOrTx, organizationId: string, creatorId: string | null): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: users.email })
    .from(users)
    .leftJoin(userOrganizations, eq(userOrganizations.userId, users.id))
    .where(
      and(
        eq(users.status, 'active'),
        sql`(${users.role} = 'admin' or (${users.id} = ${creatorId} and ${userOrganizations.organizationId} = ${organizationId}))`,
      ),
    );
  return rows.map((r) => r.email);
}

/**
 * An attempt that succeeded or will be retried, settled in one statement (the hot path of
 * delivery): the delivery moves on only if no other run moved it (`attempts` as read), the
 * attempt is logged, the endpoint's failing-since mark is set or cleared when it changes, and
 * the next attempt's job is added. Answers whether this run settled it.
 */
const SETTLE_ATTEMPT = `
  with d as (
    update webhook_deliveries set status = $3, next_attempt_at = $4::timestamptz, last_response_status = $5, attempts = $2 + 1, updated_at = $6::timestamptz
    where id = $1::uuid and attempts = $2 and status = 'pending' returning id
  ), a as (
    insert into webhook_attempts (delivery_id, attempt, at, request_headers, response_status, response_body, duration_ms, error)
    select d.id, $2 + 1, $7::timestamptz, $8::jsonb, $5, $9, $10, $11 from d returning 1
  ), e as (
    update webhook_endpoints set failing_since = case when $12::boolean then null else coalesce(failing_since, $7::timestamptz) end
    where id = $13::uuid and exists (select 1 from d) and (failing_since is null) <> $12::boolean returning 1
  ), j as (
    select graphile_worker.add_job('${DELIVER_WEBHOOK_TASK}', json_build_object('deliveryId', d.id), run_at => $4::timestamptz, max_attempts => 5) from d where $4::timestamptz is not null
  )
  select (select count(*) from d)::int as moved, (select count(*) from a)::int as logged, (select count(*) from e)::int as marked, (select count(*) from j)::int as scheduled`;

export interface AttemptOutcome {
  deliveryId: string;
  attemptsBefore: number;
  ok: boolean;
  status: 'succeeded' | 'pending';
  nextAttemptAt: Date | null;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
  at: Date;
  settledAt: Date;
  requestHeaders: Record<string, string>;
  endpointId: string;
}

export async function settleAttempt(db: Queryable, o: AttemptOutcome): Promise<boolean> {
  const [row] = await queryNamed<{ moved: number }>(db, 'switchboard_webhook_settle', SETTLE_ATTEMPT, [
    o.deliveryId,
    o.attemptsBefore,
    o.status,
    o.nextAttemptAt?.toISOString() ?? null,
    o.responseStatus,
    o.settledAt.toISOString(),
    o.at.toISOString(),
    JSON.stringify(o.requestHeaders),
    o.responseBody,
    o.durationMs,
    o.error,
    o.ok,
    o.endpointId,
  ]);
  return (row?.moved ?? 0) > 0;
}
