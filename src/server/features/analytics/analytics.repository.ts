import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { OutcomeKey } from '../../../domain/analytics/figures.js';

/*
 * The shapes the analytics reads share (a window, its grouping, the sums per key), and
 * do-not-call additions, a small table counted where it lies. The rollups are read by
 * analytics-read.repository.ts.
 */

export interface Window {
  organizationIds: string[];
  start: Date;
  end: Date;
  /** Starting instants (ISO) of the display buckets, ascending; the first is `start`. */
  bucketStarts: string[];
  /** The zone's offsets in the window: where each begins and how many seconds east of UTC. */
  offsets: { from: string[]; seconds: number[] };
}

/** bucket: per display bucket (1-based index into `bucketStarts`); organization: per organization id; total: one key. */
export type Grouping = 'bucket' | 'organization' | 'total';

const instants = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v}"`).join(',')}}`}::timestamptz[]`;

function groupKey(group: Grouping, at: SQL, w: Window): SQL {
  if (group === 'bucket') return sql`width_bucket(${at}, ${instants(w.bucketStarts)})::text`;
  if (group === 'organization') return sql`organization_id::text`;
  return sql`'total'`;
}

const inWindow = (w: Window, column: SQL) =>
  sql`organization_id = any(${`{${w.organizationIds.join(',')}}`}::uuid[]) and ${column} >= ${w.start.toISOString()}::timestamptz and ${column} < ${w.end.toISOString()}::timestamptz`;

export interface CallSumsRow {
  key: string;
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
  key: string;
  source: 'web' | 'phone' | 'portal';
  started: number;
  submitted: number;
  scheduled: number;
}

/** Numbers added to the do-not-call list: few rows, counted straight from the list. */
export async function doNotCallAdditions(db: DbOrTx, w: Window, group: Grouping): Promise<{ key: string; count: number }[]> {
  const result = await db.execute(sql`
    select ${groupKey(group, sql`created_at`, w)} as key, count(*)::int as count
    from do_not_call
    where ${inWindow(w, sql`created_at`)}
    group by 1`);
  return result.rows as unknown as { key: string; count: number }[];
}
