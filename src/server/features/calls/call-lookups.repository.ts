import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { calls, organizationPhoneNumbers } from '../../db/schema/index.js';
import { queryNamed, type Queryable } from '../../db/prepared.js';
import { organizationFromJson, type OrganizationRow } from './call-records.repository.js';

const ORG_BY_NUMBER = `select to_jsonb(o.*) as organization from organizations o
  where o.id = (select n.organization_id from organization_phone_numbers n where n.e164 = $1::text limit 1)`;
const ORG_BY_ID = `select to_jsonb(o.*) as organization from organizations o where o.id = $1::uuid`;

/**
 * The organization a new call is for: by the number dialled (deactivated organizations route
 * nowhere) or, for the simulator, by id.
 */
export async function findOrganizationForCall(db: Queryable, by: { number: string } | { id: string }): Promise<OrganizationRow | undefined> {
  const byNumber = 'number' in by;
  const [row] = await queryNamed(db, byNumber ? 'switchboard_call_org_by_number' : 'switchboard_call_org_by_id', byNumber ? ORG_BY_NUMBER : ORG_BY_ID, [byNumber ? by.number : by.id]);
  if (!row) return undefined;
  const organization = organizationFromJson(row.organization as Record<string, unknown>);
  return byNumber && organization.status === 'deactivated' ? undefined : organization;
}

/** Calls still ringing or in progress with no activity since `before`, oldest first. */
export async function findStaleCalls(db: DbOrTx, before: Date, limit: number): Promise<{ id: string }[]> {
  return db
    .select({ id: calls.id })
    .from(calls)
    .where(and(inArray(calls.status, ['ringing', 'in_progress']), lt(calls.lastActivityAt, before)))
    .orderBy(asc(calls.lastActivityAt))
    .limit(limit);
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** The organization's first number (the simulator "dials" it, as a real caller would). */
export async function firstNumberOf(db: DbOrTx, organizationId: string): Promise<string | undefined> {
  const [line] = await db
    .select({ e164: organizationPhoneNumbers.e164 })
    .from(organizationPhoneNumbers)
    .where(eq(organizationPhoneNumbers.organizationId, organizationId))
    .orderBy(asc(organizationPhoneNumbers.createdAt))
    .limit(1);
  return line?.e164;
}

/** Who a call belongs to and how it came in (the simulator's access check). */
export async function findCallOwner(db: DbOrTx, callId: string): Promise<{ organizationId: string; provider: string } | undefined> {
  const [row] = await db.select({ organizationId: calls.organizationId, provider: calls.provider }).from(calls).where(eq(calls.id, callId)).limit(1);
  return row;
}

const RELAY_HINT_NAMES = `select name from (
    select u.name from schedule_shifts s join users u on u.id = s.assignee_user_id
      where s.organization_id = $1::uuid and u.status = 'active'
    union
    select a.visit_clinician from appointment_requests a
      where a.organization_id = $1::uuid and a.visit_clinician <> '' and a.updated_at > now() - interval '180 days'
  ) names where name <> '' order by name limit $2::int`;

/**
 * Names a caller of this practice is likely to say — the people its schedules put on duty and
 * the clinicians its visits name — so ConversationRelay's recogniser is told to expect them
 * (issue 20, `hints`). Read once per relay call, when the session is connected.
 */
export async function findRelayHintNames(db: Queryable, organizationId: string, limit = 60): Promise<string[]> {
  const rows = await queryNamed(db, 'switchboard_relay_hint_names', RELAY_HINT_NAMES, [organizationId, limit]);
  return rows.map((r) => String(r.name));
}
