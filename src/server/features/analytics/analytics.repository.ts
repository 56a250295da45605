import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { OutcomeKey } from '../../../domain/analytics/figures.js';

/*
 * The shapes the analytics reads share (what is read, the sums per key), and do-not-call
 * additions, a small table counted where it lies. The rollups are read by
 * analytics-read.repository.ts.
 */

/**
 * What a page reads, as numbered keys: key k covers [starts[k], starts[k + 1]) (the last one up to
 * `end`) — the page's previous period and each of its display buckets, in one read — or, by
 * organization, the whole of [starts[0], end) per organization (its index).
 */
export interface RollupQuery {
  organizationIds: readonly string[];
  /** Each organization's zone, in the same order. */
  zones: readonly string[];
  starts: readonly number[];
  end: number;
  /** The first key that is an hourly bucket (read from the hourly rows); the keys before it are read by day. null: none. */
  firstHourKey: number | null;
  byOrganization: boolean;
}

const instants = (values: readonly number[]) => sql`${`{${values.map((v) => `"${new Date(v).toISOString()}"`).join(',')}}`}::timestamptz[]`;

export interface CallSumsRow {
  key: number;
  direction: 'inbound' | 'outbound';
  calls: number;
  completed: number;
  /** Completed with no caller turn: hung up before speaking (not answered). */
  silent: number;
  contained: number;
  handedOff: number;
  handleSeconds: number;
  handleCount: number;
  connected: number;
  voicemail: number;
  /** Calls per outcome (absent: none). */
  outcomes: Partial<Record<OutcomeKey, number>>;
}

export interface FunnelRow {
  key: number;
  source: 'web' | 'phone' | 'portal';
  started: number;
  submitted: number;
  scheduled: number;
}

/** Numbers added to the do-not-call list per key: few rows, counted straight from the list. */
export async function doNotCallAdditions(db: DbOrTx, q: RollupQuery): Promise<{ key: number; count: number }[]> {
  const key = q.byOrganization ? sql`array_position(${`{${q.organizationIds.join(',')}}`}::uuid[], organization_id) - 1` : sql`width_bucket(created_at, ${instants(q.starts)}) - 1`;
  const result = await db.execute(sql`
    select ${key} as key, count(*)::int as count
    from do_not_call
    where organization_id = any(${`{${q.organizationIds.join(',')}}`}::uuid[])
      and created_at >= ${new Date(q.starts[0]!).toISOString()}::timestamptz and created_at < ${new Date(q.end).toISOString()}::timestamptz
    group by 1`);
  return result.rows as unknown as { key: number; count: number }[];
}
