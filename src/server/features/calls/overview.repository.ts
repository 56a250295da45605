import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** "Today" for some organizations: those of one time zone share the same start. */
export interface TodayWindow {
  organizationIds: string[];
  from: Date;
}

function windowsSql(windows: TodayWindow[], column: SQL): SQL {
  const parts = windows.map((w) => sql`(organization_id in ${w.organizationIds} and ${column} >= ${w.from})`);
  return sql.join(parts, sql` or `);
}

export interface TodayCallCounts {
  organizationId: string;
  calls: number;
  answered: number;
  answeredByAgent: number;
  handedOff: number;
}

/**
 * Today's call figures per organization (PRODUCT §6): answered = inbound and completed;
 * answered by the agent = answered and ended without any handoff; handed off = at least one
 * handoff.
 */
export async function todayCallCounts(db: DbOrTx, windows: TodayWindow[]): Promise<TodayCallCounts[]> {
  if (windows.length === 0) return [];
  const result = await db.execute(sql`
    select organization_id as "organizationId",
           count(*)::int as calls,
           count(*) filter (where direction = 'inbound' and status = 'completed')::int as answered,
           count(*) filter (where direction = 'inbound' and status = 'completed' and not has_handoff)::int as "answeredByAgent",
           count(*) filter (where has_handoff)::int as "handedOff"
    from (
      select c.organization_id, c.direction, c.status, exists (select 1 from handoffs h where h.call_id = c.id) as has_handoff
      from calls c
      where ${windowsSql(windows, sql`c.started_at`)}
    ) t
    group by organization_id`);
  return result.rows as unknown as TodayCallCounts[];
}

export async function todayAppointmentRequestCounts(db: DbOrTx, windows: TodayWindow[]): Promise<{ organizationId: string; count: number }[]> {
  if (windows.length === 0) return [];
  const result = await db.execute(sql`
    select organization_id as "organizationId", count(*)::int as count
    from appointment_requests
    where status <> 'draft' and submitted_at is not null and (${windowsSql(windows, sql`submitted_at`)})
    group by organization_id`);
  return result.rows as unknown as { organizationId: string; count: number }[];
}

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

const scopeSql = (scope: string[] | null, column: SQL) => (scope ? sql`${column} in ${scope}` : sql`true`);

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
