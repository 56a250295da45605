import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { callerSpokeSql } from '../../db/caller-spoke.js';
import { handedOffSql } from '../../db/handed-to-a-person.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { appointmentRequests, callEvents, calls, handoffs, organizations, patients, users } from '../../db/schema/index.js';

export type CallRow = typeof calls.$inferSelect;
export type CallEventRow = typeof callEvents.$inferSelect;
export type CallStatus = CallRow['status'];
export type CallOutcome = NonNullable<CallRow['outcome']>;

export const LIVE_STATUSES = ['ringing', 'in_progress'] as const satisfies readonly CallStatus[];

export interface OrganizationZoneRow {
  id: string;
  name: string;
  timeZone: string;
  status: 'active' | 'paused' | 'deactivated';
  /** Set on a practice's agent-test sandbox (decision 056): its calls are nobody's to open. */
  sandboxOf?: string | null;
}

/**
 * The organizations whose calls the actor may see, with their zones (for "today" and date
 * ranges). `scope` null: every organization (administrators, deactivated ones included).
 */
export async function visibleOrganizationZones(db: DbOrTx, scope: string[] | null): Promise<OrganizationZoneRow[]> {
  if (scope && scope.length === 0) return [];
  return db
    .select({ id: organizations.id, name: organizations.name, timeZone: organizations.timeZone, status: organizations.status })
    .from(organizations)
    .where(scope ? and(inArray(organizations.id, scope), ne(organizations.status, 'deactivated')) : isNull(organizations.sandboxOf))
    .orderBy(asc(organizations.name));
}

/** A time window on `started_at`, optionally only for some organizations (those of one zone). */
export interface StartedWindow {
  organizationIds: string[] | null;
  from?: Date;
  to?: Date;
}

export interface CallListFilter {
  /** Organizations to list (null: all). Always applied. */
  organizationIds: string[] | null;
  direction?: CallRow['direction'];
  status?: CallStatus;
  outcome?: CallOutcome | 'none';
  live?: boolean;
  hasHandoff?: boolean;
  /** Calls that started on this ISO weekday and hour in `zone`. */
  hourOfWeek?: { weekday: number; hour: number; zone: string };
  /** The stored forms of a searched number (`searchableNumbers`): calls from or to any of them. */
  phones?: string[];
  q?: string;
  /** OR'ed windows (one per time zone), and the envelope around them all (for the index). */
  windows?: StartedWindow[];
  envelope?: { from?: Date; to?: Date };
  sort: 'startedAt' | 'duration';
  order: 'asc' | 'desc';
  limit: number;
  cursor?: { value: string; id: string; direction: 'after' | 'before' };
}

export interface CallListRow {
  id: string;
  organizationId: string;
  organizationName: string;
  direction: CallRow['direction'];
  status: CallStatus;
  outcome: CallOutcome | null;
  provider: CallRow['provider'];
  fromNumber: string;
  toNumber: string;
  patientId: string | null;
  patientFirstName: string | null;
  patientLastName: string | null;
  startedAt: Date;
  answeredAt: Date | null;
  endedAt: Date | null;
  durationSeconds: number | null;
  summary: string | null;
  hasRecording: boolean;
  hasHandoff: boolean;
  /** Inbound, completed, and no caller turn (PRODUCT §6: not answered). */
  hungUpBeforeSpeaking: boolean;
  match: string | null;
  /** The sort key as exact text (microseconds since the epoch, or seconds of duration). */
  sortValue: string;
}

const FTS_CONFIG = sql.raw(`'english'`);
const HEADLINE_OPTIONS = 'StartSel=«, StopSel=», MaxWords=18, MinWords=6, MaxFragments=2, FragmentDelimiter=" … "';

function sortExpression(sort: CallListFilter['sort']): SQL {
  // Exact keys: started_at in whole microseconds, duration with live calls (no duration yet) last.
  return sort === 'duration' ? sql`coalesce(c.duration_seconds, -1)` : sql`c.started_at`;
}

function sortValueSql(sort: CallListFilter['sort']): SQL {
  return sort === 'duration' ? sql`coalesce(c.duration_seconds, -1)::text` : sql`(extract(epoch from c.started_at) * 1000000)::bigint::text`;
}

function cursorValueSql(sort: CallListFilter['sort'], value: string): SQL {
  return sort === 'duration' ? sql`${Number(value)}::int` : sql`('epoch'::timestamptz + ${value}::bigint * interval '1 microsecond')`;
}

/**
 * One page of calls, newest (or longest) first, by keyset: `(sort key, id)` past the cursor, a
 * row comparison that the `(…, sort key, id)` indexes answer directly (calls_list_indexes).
 *
 * A text search costs `to_tsvector` on each row it looks at (a tenth of a millisecond), which
 * the planner underrates: left alone it walks the time index and tests row after row, seconds
 * for a rare word. So it is answered in two steps:
 * 1. a probe along the time index that looks at a bounded number of the next calls — a common
 *    word fills the page there;
 * 2. otherwise the full-text (GIN) index finds the matches, intersected with the time index
 *    (plain index scans are switched off for that statement), in growing windows back from the
 *    newest call or the cursor — a week, a month, four months, a year, everything — and the
 *    first window holding a full page answers.
 */
export async function listCalls(db: DbOrTx, f: CallListFilter & { now?: Date }): Promise<CallListRow[]> {
  if (f.organizationIds && f.organizationIds.length === 0) return [];
  if (!f.q) return runListQuery(db, f, { mode: 'plain' });

  const probe = await runListQuery(db, f, { mode: 'probe' });
  if (probe.length >= f.limit) return probe;

  const backwards = f.cursor?.direction === 'before';
  const descending = (f.order === 'desc') !== backwards;
  return withoutPlainIndexScans(db, async (tx) => {
    if (f.sort === 'startedAt' && (descending || f.cursor)) {
      const anchor = f.cursor ? new Date(Number(BigInt(f.cursor.value) / 1000n)) : (f.now ?? new Date());
      for (const days of TEXT_SEARCH_WINDOWS_DAYS) {
        const edge = new Date(anchor.getTime() + (descending ? -1 : 1) * days * 86_400_000);
        const rows = await runListQuery(tx, f, { mode: 'matches', window: descending ? { from: edge } : { to: edge } });
        if (rows.length >= f.limit) return rows;
      }
    }
    return runListQuery(tx, f, { mode: 'matches' });
  });
}

const TEXT_SEARCH_WINDOWS_DAYS = [7, 31, 120, 400];
/** How many calls the probe looks at before handing over to the full-text index. */
const TEXT_SEARCH_PROBE_ROWS = 300;

async function withoutPlainIndexScans<T>(db: DbOrTx, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  const run = async (tx: DbOrTx) => {
    await tx.execute(sql`set local enable_indexscan = off`);
    return fn(tx);
  };
  // A transaction of its own (a savepoint inside the caller's) keeps the setting to this step.
  return (db as Db).transaction(run);
}

type QueryMode = { mode: 'plain' } | { mode: 'probe' } | { mode: 'matches'; window?: { from?: Date; to?: Date } };

function runListQuery(db: DbOrTx, f: CallListFilter, how: QueryMode): Promise<CallListRow[]> {
  const where: SQL[] = [];
  if (f.organizationIds) {
    where.push(f.organizationIds.length === 1 ? sql`c.organization_id = ${f.organizationIds[0]}` : sql`c.organization_id in ${f.organizationIds}`);
  } else {
    // Every organization (administrators) but the practices' agent-test sandboxes (decision 056).
    where.push(sql`c.organization_id not in (select id from organizations where sandbox_of is not null)`);
  }
  if (f.direction) where.push(sql`c.direction = ${f.direction}`);
  if (f.status) where.push(sql`c.status = ${f.status}`);
  if (f.outcome === 'none') where.push(sql`c.outcome is null`);
  else if (f.outcome) where.push(sql`c.outcome = ${f.outcome}`);
  if (f.live === true) where.push(sql`c.status in ('ringing', 'in_progress')`);
  if (f.live === false) where.push(sql`c.status not in ('ringing', 'in_progress')`);
  if (f.hasHandoff !== undefined) {
    where.push(f.hasHandoff ? handedOffSql(sql`c`) : sql`not ${handedOffSql(sql`c`)}`);
  }
  if (f.phones?.length) where.push(sql`(c.from_number = any(${sql.param(f.phones)}::text[]) or c.to_number = any(${sql.param(f.phones)}::text[]))`);
  if (f.hourOfWeek) {
    const local = sql`(c.started_at at time zone ${f.hourOfWeek.zone})`;
    where.push(sql`extract(isodow from ${local}) = ${f.hourOfWeek.weekday} and extract(hour from ${local}) = ${f.hourOfWeek.hour}`);
  }
  if (f.envelope?.from) where.push(sql`c.started_at >= ${f.envelope.from}`);
  if (f.envelope?.to) where.push(sql`c.started_at < ${f.envelope.to}`);
  if (how.mode === 'matches' && how.window?.from) where.push(sql`c.started_at >= ${how.window.from}`);
  if (how.mode === 'matches' && how.window?.to) where.push(sql`c.started_at <= ${how.window.to}`);
  if (f.windows && f.windows.length) {
    const parts = f.windows.map((w) => {
      const p: SQL[] = [];
      if (w.organizationIds) p.push(sql`c.organization_id in ${w.organizationIds}`);
      if (w.from) p.push(sql`c.started_at >= ${w.from}`);
      if (w.to) p.push(sql`c.started_at < ${w.to}`);
      return p.length ? sql`(${sql.join(p, sql` and `)})` : sql`true`;
    });
    where.push(parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`);
  }

  const key = sortExpression(f.sort);
  // Walking backwards (the page before a cursor) reverses the order; the rows are put back after.
  const backwards = f.cursor?.direction === 'before';
  const descending = (f.order === 'desc') !== backwards;
  if (f.cursor) {
    const v = cursorValueSql(f.sort, f.cursor.value);
    where.push(descending ? sql`(${key}, c.id) < (${v}, ${f.cursor.id}::uuid)` : sql`(${key}, c.id) > (${v}, ${f.cursor.id}::uuid)`);
  }
  // The indexes are `desc nulls last`; an order must say the same to be served by them.
  const dir = sql.raw(descending ? 'desc nulls last' : 'asc nulls first');
  const outerDir = sql.raw(f.order === 'desc' ? 'desc nulls last' : 'asc nulls first');
  const tsquery = sql`websearch_to_tsquery(${FTS_CONFIG}, ${f.q ?? ''})`;
  const matchesText = (column: SQL) => sql`to_tsvector(${FTS_CONFIG}, ${column}) @@ ${tsquery}`;
  const match = f.q ? sql`(select ts_headline(${FTS_CONFIG}, ${searchableText('c2')}, ${tsquery}, ${HEADLINE_OPTIONS}) from calls c2 where c2.id = page.id)` : sql`null::text`;

  const columns = sql`c.id, c.organization_id, c.direction, c.status, c.outcome, c.provider, c.from_number, c.to_number, c.patient_id,
             c.started_at, c.answered_at, c.ended_at, c.duration_seconds, c.summary, (c.recording_url is not null) as has_recording,
             ${sortValueSql(f.sort)} as sort_value, ${key} as sort_key`;
  const whereOf = (parts: SQL[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);
  let page: SQL;
  if (how.mode === 'plain') {
    page = sql`page as (select ${columns} from calls c ${whereOf(where)} order by ${key} ${dir}, c.id ${dir} limit ${f.limit})`;
  } else if (how.mode === 'probe') {
    page = sql`page as (
      select * from (select ${columns}, ${searchableText('c')} as transcript_text from calls c ${whereOf(where)} order by ${key} ${dir}, c.id ${dir} limit ${TEXT_SEARCH_PROBE_ROWS}) s
      where ${matchesText(sql`s.transcript_text`)}
      order by s.sort_key ${dir}, s.id ${dir} limit ${f.limit})`;
  } else {
    // Live calls have no transcript yet: they match by what was said so far. A branch of their
    // own (the partial status index finds the few of them) keeps the full-text index's plan for
    // the rest; no call is in both, since a live call's transcript is still empty.
    const live = sql`c.status in ('ringing', 'in_progress') and ${matchesText(searchableText('c'))}`;
    page = sql`matches as materialized (
            select ${columns} from calls c ${whereOf([...where, matchesText(sql`c.transcript_text`)])}
            union all
            select ${columns} from calls c ${whereOf([...where, live])}),
          page as (select * from matches m order by m.sort_key ${dir}, m.id ${dir} limit ${f.limit})`;
  }

  const query = sql`
    with ${page}
    select page.id, page.organization_id as "organizationId", o.name as "organizationName", page.direction, page.status, page.outcome,
           page.provider, page.from_number as "fromNumber", page.to_number as "toNumber", page.patient_id as "patientId",
           p.first_name as "patientFirstName", p.last_name as "patientLastName", page.started_at as "startedAt",
           page.answered_at as "answeredAt", page.ended_at as "endedAt", page.duration_seconds as "durationSeconds", page.summary,
           page.has_recording as "hasRecording", ${handedOffSql(sql`page`)} as "hasHandoff",
           (page.direction = 'inbound' and page.status = 'completed' and not ${callerSpokeSql(sql`page`)}) as "hungUpBeforeSpeaking",
           ${match} as match, page.sort_value as "sortValue"
    from page
    join organizations o on o.id = page.organization_id
    left join patients p on p.id = page.patient_id
    order by page.sort_key ${outerDir}, page.id ${outerDir}`;
  return db.execute(query).then((result) => (result.rows as unknown as CallListRow[]).map(normalizeTimes));
}

/**
 * What a text search reads of a call: its transcript, written when the call ends — or, for a
 * call still going on, what was said so far (its speech events; live calls are few, and the
 * newest, so the probe above meets them first).
 */
function searchableText(alias: 'c' | 'c2'): SQL {
  const c = sql.raw(alias);
  return sql`case when ${c}.status in ('ringing', 'in_progress') then coalesce((select string_agg(e.payload->>'text', E'\n' order by e.seq)
    from call_events e where e.call_id = ${c}.id and e.kind in ('caller_speech', 'agent_speech')), '') else ${c}.transcript_text end`;
}

/** node-postgres returns timestamptz of a raw query as Date already; be strict anyway. */
function normalizeTimes(r: CallListRow): CallListRow {
  const d = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));
  return { ...r, startedAt: d(r.startedAt)!, answeredAt: d(r.answeredAt), endedAt: d(r.endedAt) };
}

export async function findCall(db: DbOrTx, id: string): Promise<CallRow | undefined> {
  const [row] = await db.select().from(calls).where(eq(calls.id, id)).limit(1);
  return row;
}

export async function findCallForUpdate(db: DbOrTx, id: string): Promise<CallRow | undefined> {
  const [row] = await db.select().from(calls).where(eq(calls.id, id)).limit(1).for('update');
  return row;
}

export async function findOrganizationZone(db: DbOrTx, id: string): Promise<OrganizationZoneRow | undefined> {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name, timeZone: organizations.timeZone, status: organizations.status, sandboxOf: organizations.sandboxOf })
    .from(organizations)
    .where(eq(organizations.id, id))
    .limit(1);
  return row;
}

export async function eventsOf(db: DbOrTx, callId: string, kinds?: readonly CallEventRow['kind'][]): Promise<CallEventRow[]> {
  return db
    .select()
    .from(callEvents)
    .where(kinds ? and(eq(callEvents.callId, callId), inArray(callEvents.kind, [...kinds])) : eq(callEvents.callId, callId))
    .orderBy(asc(callEvents.seq));
}

export async function findPatient(db: DbOrTx, id: string) {
  const [row] = await db.select().from(patients).where(eq(patients.id, id)).limit(1);
  return row;
}

export async function handoffsOfCall(db: DbOrTx, callId: string) {
  return db
    .select({
      id: handoffs.id,
      type: handoffs.type,
      priority: handoffs.priority,
      status: handoffs.status,
      source: handoffs.source,
      reason: handoffs.reason,
      dueAt: handoffs.dueAt,
      createdAt: handoffs.createdAt,
      assigneeName: users.name,
      resolution: handoffs.resolution,
      settledByAgent: handoffs.settledByAgent,
    })
    .from(handoffs)
    .leftJoin(users, eq(users.id, handoffs.assigneeId))
    .where(eq(handoffs.callId, callId))
    .orderBy(asc(handoffs.createdAt));
}

export async function appointmentRequestsOfCall(db: DbOrTx, callId: string) {
  return db
    .select({
      id: appointmentRequests.id,
      referenceCode: appointmentRequests.referenceCode,
      status: appointmentRequests.status,
      source: appointmentRequests.source,
      firstName: appointmentRequests.firstName,
      lastName: appointmentRequests.lastName,
      reason: appointmentRequests.reason,
      createdAt: appointmentRequests.createdAt,
      submittedAt: appointmentRequests.submittedAt,
    })
    .from(appointmentRequests)
    .where(eq(appointmentRequests.callId, callId))
    .orderBy(asc(appointmentRequests.createdAt));
}

/**
 * Appends an event with the call's next `seq`. The caller holds the call's row lock, so two
 * staff writes never race; the unique (call, seq) index catches a writer that does not lock.
 */
export async function appendCallEvent(
  db: DbOrTx,
  callId: string,
  event: { kind: CallEventRow['kind']; payload: Record<string, unknown>; at: Date },
): Promise<CallEventRow> {
  const [row] = await db
    .insert(callEvents)
    .values({
      callId,
      seq: sql`(select coalesce(max(${callEvents.seq}), 0) + 1 from ${callEvents} where ${callEvents.callId} = ${callId})`,
      kind: event.kind,
      payload: event.payload,
      at: event.at,
    })
    .returning();
  return row!;
}

export async function setCallOutcome(db: DbOrTx, id: string, outcome: CallOutcome, at: Date): Promise<CallRow> {
  const [row] = await db.update(calls).set({ outcome, updatedAt: at }).where(eq(calls.id, id)).returning();
  return row!;
}

export async function openHandoffOfType(db: DbOrTx, callId: string, type: (typeof handoffs.$inferSelect)['type']) {
  const [row] = await db
    .select({ id: handoffs.id })
    .from(handoffs)
    .where(and(eq(handoffs.callId, callId), eq(handoffs.type, type), inArray(handoffs.status, ['open', 'claimed'])))
    .limit(1);
  return row;
}

/** The requests and handoffs a call raised, with the fields an agent test checks (call-evidence.service.ts). */
export async function evidenceRowsOfCall(db: DbOrTx, callId: string) {
  const [requests, raised] = await Promise.all([
    db
      .select({
        referenceCode: appointmentRequests.referenceCode,
        status: appointmentRequests.status,
        firstName: appointmentRequests.firstName,
        lastName: appointmentRequests.lastName,
        dateOfBirth: appointmentRequests.dateOfBirth,
        // As staff read it: the visit reason and, beside it, the caller's own words.
        reason: sql<string | null>`nullif(concat_ws(' — ', nullif(${appointmentRequests.reason}, ''), nullif(${appointmentRequests.reasonOther}, '')), '')`,
        isNewPatient: appointmentRequests.isNewPatient,
      })
      .from(appointmentRequests)
      .where(eq(appointmentRequests.callId, callId))
      .orderBy(asc(appointmentRequests.createdAt)),
    db.select({ type: handoffs.type, priority: handoffs.priority, reason: handoffs.reason }).from(handoffs).where(eq(handoffs.callId, callId)).orderBy(asc(handoffs.createdAt)),
  ]);
  return { requests, handoffs: raised };
}
