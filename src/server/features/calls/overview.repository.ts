import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export interface OpenHandoffRow {
  id: string;
  organizationId: string;
  organizationName: string;
  type: string;
  priority: string;
  status: string;
  reason: string;
  contactName: string | null;
  contactPhone: string | null;
  dueAt: Date;
  createdAt: Date;
  callId: string | null;
  assigneeName: string | null;
}

// Null scope: every organization (administrators) but the agent-test sandboxes (decision 056).
const scopeSql = (scope: string[] | null, column: SQL) => (scope ? sql`${column} in ${scope}` : sql`${column} not in (select id from organizations where sandbox_of is not null)`);

/** Open and claimed handoffs: how many of each priority (and overdue), and the most pressing ones. */
export async function openHandoffs(db: DbOrTx, scope: string[] | null, now: Date, limit: number) {
  if (scope && scope.length === 0) return { counts: [] as { priority: string; count: number; overdue: number }[], items: [] as OpenHandoffRow[] };
  const counts = await db.execute(sql`
    select priority, count(*)::int as count, count(*) filter (where due_at < ${now})::int as overdue
    from handoffs
    where status in ('open', 'claimed') and ${scopeSql(scope, sql`organization_id`)}
    group by priority`);
  const items = await db.execute(sql`
    select h.id, h.organization_id as "organizationId", o.name as "organizationName", h.type, h.priority, h.status, h.reason,
           h.contact_name as "contactName", h.contact_phone as "contactPhone", h.due_at as "dueAt", h.created_at as "createdAt",
           h.call_id as "callId", u.name as "assigneeName"
    from handoffs h
    join organizations o on o.id = h.organization_id
    left join users u on u.id = h.assignee_id
    where h.status in ('open', 'claimed') and ${scopeSql(scope, sql`h.organization_id`)}
    order by case h.priority when 'urgent' then 0 when 'high' then 1 when 'normal' then 2 else 3 end, h.due_at, h.id
    limit ${limit}`);
  return {
    counts: counts.rows as unknown as { priority: string; count: number; overdue: number }[],
    items: (items.rows as unknown as OpenHandoffRow[]).map((r) => ({ ...r, dueAt: new Date(r.dueAt), createdAt: new Date(r.createdAt) })),
  };
}
