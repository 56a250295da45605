import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { handedOffSql, handedToAPersonSql } from '../../db/handed-to-a-person.js';
import type { CallDirection } from '../../../domain/calls/vocabulary.js';
/** The organizations and instants of a period. */
export interface Window {
  organizationIds: string[];
  start: Date;
  end: Date;
}

/** The raw records behind the figures, for the CSV export (at most `limit` rows, oldest first). */

const orgs = (w: Window) => sql`${`{${w.organizationIds.join(',')}}`}::uuid[]`;
const between = (w: Window, column: string) => sql`${sql.raw(column)} >= ${w.start.toISOString()}::timestamptz and ${sql.raw(column)} < ${w.end.toISOString()}::timestamptz`;

export async function callRows(db: DbOrTx, w: Window, directions: readonly CallDirection[], limit: number) {
  const result = await db.execute(sql`
    select c.id, o.name as organization, c.direction, c.status, c.outcome, c.started_at as "startedAt", c.duration_seconds as "durationSeconds",
           ${handedOffSql(sql`c`)} as "hasHandoff"
    from calls c join organizations o on o.id = c.organization_id
    where c.organization_id = any(${orgs(w)}) and ${between(w, 'c.started_at')} and c.direction = any(${`{${directions.join(',')}}`}::text[])
    order by c.started_at, c.id
    limit ${limit}`);
  return result.rows as unknown as { id: string; organization: string; direction: string; status: string; outcome: string | null; startedAt: string; durationSeconds: number | null; hasHandoff: boolean }[];
}

export async function handoffRows(db: DbOrTx, w: Window, limit: number) {
  const result = await db.execute(sql`
    select h.id, o.name as organization, h.type, h.priority, h.status, h.created_at as "createdAt", h.claimed_at as "claimedAt", h.resolved_at as "resolvedAt",
           f.claim_seconds as "claimSeconds", f.resolve_seconds as "resolveSeconds", f.claim_business_seconds as "claimBusinessSeconds", f.resolve_business_seconds as "resolveBusinessSeconds"
    from handoffs h join organizations o on o.id = h.organization_id
    left join analytics_handoff_facts f on f.handoff_id = h.id
    where h.organization_id = any(${orgs(w)}) and ${between(w, 'h.created_at')} and ${handedToAPersonSql(sql`h`)}
    order by h.created_at, h.id
    limit ${limit}`);
  return result.rows as unknown as Record<string, string | number | null>[];
}

export async function requestRows(db: DbOrTx, w: Window, limit: number) {
  const result = await db.execute(sql`
    select r.id, o.name as organization, r.source, r.status, r.created_at as "createdAt", r.submitted_at as "submittedAt"
    from appointment_requests r join organizations o on o.id = r.organization_id
    where r.organization_id = any(${orgs(w)}) and ${between(w, 'r.created_at')}
    order by r.created_at, r.id
    limit ${limit}`);
  return result.rows as unknown as Record<string, string | number | null>[];
}
