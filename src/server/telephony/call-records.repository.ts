import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { calls, organizationPhoneNumbers, organizations } from '../db/schema/index.js';
import type { PendingEvent } from '../agent/turn-log.js';

export type CallRef = { callId: string } | { provider: 'twilio' | 'simulator'; providerCallId: string };
export type CallStatus = (typeof calls.$inferSelect)['status'];
export type OrganizationRow = typeof organizations.$inferSelect;

export interface CallSnapshot {
  id: string;
  organizationId: string;
  providerCallId: string;
  status: CallStatus;
  provider: 'twilio' | 'simulator';
  direction: 'inbound' | 'outbound';
  fromNumber: string;
  toNumber: string;
  agentState: Record<string, unknown>;
  startedAt: Date;
  answeredAt: Date | null;
  endedAt: Date | null;
  lastActivityAt: Date;
  organization: OrganizationRow;
  /** The highest `seq` stored so far (0 for none). */
  lastSeq: number;
  /** Payload of the event stored under the request's dedupe key, when it was seen before. */
  replay: Record<string, unknown> | null;
}

const refWhere = (ref: CallRef) =>
  'callId' in ref ? sql`c.id = ${ref.callId}::uuid` : sql`c.provider = ${ref.provider} and c.provider_call_id = ${ref.providerCallId}`;

/** The call, its organization, its last event number and (by dedupe key) a replay, in one query. */
export async function loadCall(db: DbOrTx, ref: CallRef, dedupeKey: string | null): Promise<CallSnapshot | undefined> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select c.id, c.organization_id, c.provider_call_id, c.status, c.provider, c.direction, c.from_number, c.to_number, c.agent_state,
           c.started_at, c.answered_at, c.ended_at, c.last_activity_at, to_jsonb(o.*) as organization,
           (select coalesce(max(e.seq), 0) from call_events e where e.call_id = c.id) as last_seq,
           ${dedupeKey === null ? sql`null` : sql`(select e.payload from call_events e where e.call_id = c.id and e.dedupe_key = ${dedupeKey})`} as replay
    from calls c join organizations o on o.id = c.organization_id
    where ${refWhere(ref)}`);
  const r = rows[0];
  if (!r) return undefined;
  const o = r.organization as Record<string, unknown>;
  return {
    id: r.id as string,
    organizationId: r.organization_id as string,
    providerCallId: r.provider_call_id as string,
    status: r.status as CallStatus,
    provider: r.provider as CallSnapshot['provider'],
    direction: r.direction as CallSnapshot['direction'],
    fromNumber: r.from_number as string,
    toNumber: r.to_number as string,
    agentState: (r.agent_state as Record<string, unknown>) ?? {},
    startedAt: new Date(r.started_at as string),
    answeredAt: r.answered_at ? new Date(r.answered_at as string) : null,
    endedAt: r.ended_at ? new Date(r.ended_at as string) : null,
    lastActivityAt: new Date(r.last_activity_at as string),
    organization: {
      id: o.id as string,
      name: o.name as string,
      slug: o.slug as string,
      timeZone: o.time_zone as string,
      status: o.status as OrganizationRow['status'],
      address: (o.address as Record<string, string>) ?? {},
      agentSettings: (o.agent_settings as Record<string, unknown>) ?? {},
      appointmentSettings: (o.appointment_settings as Record<string, unknown>) ?? {},
      version: o.version as number,
      createdAt: new Date(o.created_at as string),
      updatedAt: new Date(o.updated_at as string),
    },
    lastSeq: Number(r.last_seq),
    replay: (r.replay as Record<string, unknown> | null) ?? null,
  };
}

/** The organization a dialled number routes to (deactivated organizations route nowhere). */
export async function findOrganizationByNumber(db: DbOrTx, e164: string): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .select({ organization: organizations })
    .from(organizationPhoneNumbers)
    .innerJoin(organizations, eq(organizations.id, organizationPhoneNumbers.organizationId))
    .where(eq(organizationPhoneNumbers.e164, e164))
    .limit(1);
  return row && row.organization.status !== 'deactivated' ? row.organization : undefined;
}

export async function findOrganization(db: DbOrTx, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row;
}

/** Events as the one statement below stores them: numbered from `firstSeq`, the first with the dedupe key. */
function eventRows(callId: string, firstSeq: number, events: PendingEvent[], dedupeKey: string | null) {
  return JSON.stringify(
    events.map((e, i) => ({
      call_id: callId,
      seq: firstSeq + i,
      kind: e.kind,
      payload: e.payload,
      latency_ms: e.latencyMs,
      dedupe_key: i === 0 ? dedupeKey : null,
      at: e.at.toISOString(),
    })),
  );
}

const insertEvents = (rowsJson: string, where = sql`true`) => sql`
  insert into call_events (call_id, seq, kind, payload, latency_ms, dedupe_key, at)
  select e.call_id, e.seq, e.kind, e.payload, e.latency_ms, e.dedupe_key, e.at
  from jsonb_to_recordset(${rowsJson}::jsonb) as e(call_id uuid, seq int, kind text, payload jsonb, latency_ms real, dedupe_key text, at timestamptz)
  where ${where}`;

export interface NewCall {
  id: string;
  organizationId: string;
  direction: 'inbound' | 'outbound';
  status: CallStatus;
  provider: 'twilio' | 'simulator';
  providerCallId: string;
  fromNumber: string;
  toNumber: string;
  brain: 'builtin' | 'llm';
  agentState: Record<string, unknown>;
  transcriptText: string;
  startedAt: Date;
  answeredAt: Date | null;
  endedAt: Date | null;
  durationSeconds: number | null;
  outcome: string | null;
  summary: string | null;
}

/**
 * Inserts a call with its first events in one statement. False when the provider's call id is
 * already taken (a repeated webhook): the caller then replays the stored answer.
 */
export async function insertCallWithEvents(db: DbOrTx, call: NewCall, events: PendingEvent[], dedupeKey: string): Promise<boolean> {
  const { rows } = await db.execute<{ id: string }>(sql`
    with c as (
      insert into calls (id, organization_id, direction, status, provider, provider_call_id, from_number, to_number, brain, agent_state,
                         transcript_text, started_at, answered_at, ended_at, duration_seconds, outcome, summary, last_activity_at, created_at, updated_at)
      values (${call.id}, ${call.organizationId}, ${call.direction}, ${call.status}, ${call.provider}, ${call.providerCallId}, ${call.fromNumber},
              ${call.toNumber}, ${call.brain}, ${JSON.stringify(call.agentState)}::jsonb, ${call.transcriptText}, ${call.startedAt.toISOString()},
              ${call.answeredAt?.toISOString() ?? null}, ${call.endedAt?.toISOString() ?? null}, ${call.durationSeconds}, ${call.outcome}, ${call.summary},
              ${call.startedAt.toISOString()}, ${call.startedAt.toISOString()}, ${call.startedAt.toISOString()})
      on conflict (provider, provider_call_id) do nothing
      returning id
    ), ev as (${insertEvents(eventRows(call.id, 1, events, dedupeKey), sql`exists (select 1 from c)`)} returning 1)
    select id from c`);
  return rows.length > 0;
}

export interface CallPatch {
  agentState: Record<string, unknown>;
  /**
   * Set when the call ends: the transcript is then written once, from the stored speech events
   * followed by these lines (this turn's, stored in the same statement). Updates during a call
   * touch no indexed column, so PostgreSQL can apply them in place (HOT).
   */
  transcriptFinal?: string;
  at: Date;
  status?: CallStatus;
  answeredAt?: Date;
  endedAt?: Date;
  durationSeconds?: number;
  outcome?: string;
  summary?: string;
  recordingUrl?: string;
  recordingDurationSeconds?: number;
}

/**
 * Stores a turn in one statement: its events (numbered after `lastSeq`; a concurrent turn that
 * took those numbers, or a repeat of this request's dedupe key, fails it with a unique
 * violation) and the call's new state. Live updates are sent after the commit (notifyLive).
 */
export async function storeTurn(db: DbOrTx, callId: string, lastSeq: number, events: PendingEvent[], dedupeKey: string | null, patch: CallPatch): Promise<void> {
  const at = patch.at.toISOString();
  const iso = (d: Date | undefined) => d?.toISOString() ?? null;
  await db.execute(sql`
    with ev as (${insertEvents(eventRows(callId, lastSeq + 1, events, dedupeKey))} returning 1),
    up as (
      update calls set
        agent_state = ${JSON.stringify(patch.agentState)}::jsonb,
        transcript_text = case when ${patch.transcriptFinal ?? null}::text is null then transcript_text
          else concat_ws(E'\n', ${transcriptOfEvents(sql`calls.id`)}, nullif(${patch.transcriptFinal ?? null}::text, '')) end,
        last_activity_at = ${at}, updated_at = ${at},
        status = coalesce(${patch.status ?? null}::text, status),
        answered_at = coalesce(answered_at, ${iso(patch.answeredAt)}::timestamptz),
        ended_at = coalesce(${iso(patch.endedAt)}::timestamptz, ended_at),
        duration_seconds = coalesce(${patch.durationSeconds ?? null}::int, duration_seconds),
        outcome = coalesce(${patch.outcome ?? null}::text, outcome),
        summary = coalesce(${patch.summary ?? null}::text, summary),
        recording_url = coalesce(${patch.recordingUrl ?? null}::text, recording_url),
        recording_duration_seconds = coalesce(${patch.recordingDurationSeconds ?? null}::int, recording_duration_seconds)
      where id = ${callId}
      returning 1
    )
    select count(*) from up`);
}

/** "Caller: …" / "Agent: …" lines of a call's stored speech events, in order (null when none). */
function transcriptOfEvents(callId: ReturnType<typeof sql>) {
  return sql`(select string_agg(case e.kind when 'caller_speech' then 'Caller: ' else 'Agent: ' end || (e.payload->>'text'), E'\n' order by e.seq)
    from call_events e where e.call_id = ${callId} and e.kind in ('caller_speech', 'agent_speech') and coalesce(e.payload->>'text', '') <> '')`;
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
