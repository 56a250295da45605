import type pg from 'pg';
import { isPool, queryNamed, type Queryable } from '../../db/prepared.js';
import { GroupCommit } from '../../db/group-commit.js';
import type { calls, organizations } from '../../db/schema/index.js';
import type { PendingEvent } from '../../agent/turn-log.js';

/**
 * The calls and call events the pipeline reads and writes. A turn is one read (loadCall) and one
 * write (storeTurn or insertCall), each a single statement; the hot ones are named so each
 * connection plans them once (decision 015).
 */

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

/** An organizations row read as `to_jsonb(o.*)`. */
export function organizationFromJson(o: Record<string, unknown>): OrganizationRow {
  return {
    id: o.id as string,
    name: o.name as string,
    slug: o.slug as string,
    timeZone: o.time_zone as string,
    status: o.status as OrganizationRow['status'],
    address: (o.address as Record<string, string>) ?? {},
    agentSettings: (o.agent_settings as Record<string, unknown>) ?? {},
    appointmentSettings: (o.appointment_settings as Record<string, unknown>) ?? {},
    missedCallTexts: (o.missed_call_texts as Record<string, unknown>) ?? {},
    version: o.version as number,
    sandboxOf: (o.sandbox_of as string | null) ?? null,
    createdAt: new Date(o.created_at as string),
    updatedAt: new Date(o.updated_at as string),
  };
}

const LOAD_COLUMNS = `
  c.id, c.organization_id, c.provider_call_id, c.status, c.provider, c.direction, c.from_number, c.to_number, c.agent_state,
  c.started_at, c.answered_at, c.ended_at, c.last_activity_at, to_jsonb(o.*) as organization,
  (select coalesce(max(e.seq), 0) from call_events e where e.call_id = c.id) as last_seq,
  (select e.payload from call_events e where e.call_id = c.id and e.dedupe_key = $3::text) as replay
  from calls c join organizations o on o.id = c.organization_id`;
const LOAD_BY_PROVIDER = `select ${LOAD_COLUMNS} where c.provider = $1::text and c.provider_call_id = $2::text`;
const LOAD_BY_ID = `select ${LOAD_COLUMNS} where c.id = $1::uuid and $2::text is null`;

/** The call, its organization, its last event number and (by dedupe key) a replay, in one query. */
export async function loadCall(db: Queryable, ref: CallRef, dedupeKey: string | null): Promise<CallSnapshot | undefined> {
  const byId = 'callId' in ref;
  const rows = await queryNamed(
    db,
    byId ? 'switchboard_load_call_by_id' : 'switchboard_load_call',
    byId ? LOAD_BY_ID : LOAD_BY_PROVIDER,
    byId ? [ref.callId, null, dedupeKey] : [ref.provider, ref.providerCallId, dedupeKey],
  );
  const r = rows[0];
  if (!r) return undefined;
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
    organization: organizationFromJson(r.organization as Record<string, unknown>),
    lastSeq: Number(r.last_seq),
    replay: (r.replay as Record<string, unknown> | null) ?? null,
  };
}

/** The turn's event rows: numbered from `firstSeq`, the first with the dedupe key. */
function eventRows(callId: string, firstSeq: number, events: PendingEvent[], dedupeKey: string | null) {
  return events.map((e, i) => ({
      call_id: callId,
      seq: firstSeq + i,
      kind: e.kind,
      payload: e.payload,
      latency_ms: e.latencyMs,
    dedupe_key: i === 0 ? dedupeKey : null,
    at: e.at.toISOString(),
  }));
}

/** Inserts the event rows of a JSON array parameter (eventRows). */
const insertEvents = (param: string, where = '') => `
  insert into call_events (call_id, seq, kind, payload, latency_ms, dedupe_key, at)
  select e.call_id, e.seq, e.kind, e.payload, e.latency_ms, e.dedupe_key, e.at
  from jsonb_to_recordset(${param}::jsonb) as e(call_id uuid, seq int, kind text, payload jsonb, latency_ms real, dedupe_key text, at timestamptz) ${where}`;

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

const INSERT_CALL = `
  with nc as (
    insert into calls (id, organization_id, direction, status, provider, provider_call_id, from_number, to_number, brain, agent_state,
                       transcript_text, started_at, answered_at, ended_at, duration_seconds, outcome, summary, last_activity_at, created_at, updated_at)
    values ($1::uuid, $2::uuid, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, $9::text, $10::jsonb,
            $11::text, $12::timestamptz, $13::timestamptz, $14::timestamptz, $15::int, $16::text, $17::text, $12::timestamptz, $12::timestamptz, $12::timestamptz)
    on conflict (provider, provider_call_id) do nothing
    returning id
  ), ev as (${insertEvents('$18', 'where exists (select 1 from nc)')} returning 1)
  select (select count(*) from nc) as created, (select count(*) from ev) as events`;

/**
 * Inserts a call with its first events in one statement. `exists` when the provider's call id
 * is taken already (a repeated webhook: the caller replays the stored answer).
 */
export async function insertCall(db: Queryable, call: NewCall, events: PendingEvent[], dedupeKey: string): Promise<'created' | 'exists'> {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const [row] = await queryNamed(db, 'switchboard_insert_call', INSERT_CALL, [
    call.id,
    call.organizationId,
    call.direction,
    call.status,
    call.provider,
    call.providerCallId,
    call.fromNumber,
    call.toNumber,
    call.brain,
    JSON.stringify(call.agentState),
    call.transcriptText,
    call.startedAt.toISOString(),
    iso(call.answeredAt),
    iso(call.endedAt),
    call.durationSeconds,
    call.outcome,
    call.summary,
    JSON.stringify(eventRows(call.id, 1, events, dedupeKey)),
  ]);
  return Number(row?.created) > 0 ? 'created' : 'exists';
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
  /** Links the call to the patient it was about (never replaces a link). */
  patientId?: string;
}

/** "Caller: …" / "Agent: …" lines of the call's stored speech events, in order (null when none). */
const TRANSCRIPT_OF_EVENTS = `(select string_agg(case e.kind when 'caller_speech' then 'Caller: ' else 'Agent: ' end || (e.payload->>'text'), E'\\n' order by e.seq)
  from call_events e where e.call_id = c.id and e.kind in ('caller_speech', 'agent_speech') and coalesce(e.payload->>'text', '') <> '')`;

/**
 * Turns of one or more calls in one statement: their events, and each call's new state and
 * whatever else the turn changed. Rows are updated in call-id order, so two statements never
 * wait on each other's rows in a cycle.
 */
const STORE_TURNS = `
  with ev as (${insertEvents('$1')} returning 1),
  t as (
    select * from jsonb_to_recordset($2::jsonb) as t(call_id uuid, agent_state jsonb, at timestamptz, transcript_final text, status text,
      answered_at timestamptz, ended_at timestamptz, duration_seconds int, outcome text, summary text, recording_url text, recording_duration_seconds int, patient_id uuid)
    order by t.call_id
  )
  update calls c set
    agent_state = t.agent_state,
    last_activity_at = t.at, updated_at = t.at,
    transcript_text = case when t.transcript_final is null then c.transcript_text else concat_ws(E'\\n', ${TRANSCRIPT_OF_EVENTS}, nullif(t.transcript_final, '')) end,
    status = coalesce(t.status, c.status),
    answered_at = coalesce(c.answered_at, t.answered_at),
    ended_at = coalesce(t.ended_at, c.ended_at),
    duration_seconds = coalesce(t.duration_seconds, c.duration_seconds),
    outcome = coalesce(t.outcome, c.outcome),
    summary = coalesce(t.summary, c.summary),
    recording_url = coalesce(t.recording_url, c.recording_url),
    recording_duration_seconds = coalesce(t.recording_duration_seconds, c.recording_duration_seconds),
    patient_id = coalesce(c.patient_id, t.patient_id)
  from t where c.id = t.call_id`;

interface StoredTurn {
  callId: string;
  events: ReturnType<typeof eventRows>;
  patch: CallPatch;
}

async function storeTurns(db: Queryable, unordered: StoredTurn[]): Promise<void> {
  const turns = [...unordered].sort((a, b) => (a.callId < b.callId ? -1 : a.callId > b.callId ? 1 : 0));
  const rows = turns.map(({ callId, patch: p }) => ({
    call_id: callId,
    agent_state: p.agentState,
    at: p.at.toISOString(),
    transcript_final: p.transcriptFinal ?? null,
    status: p.status ?? null,
    answered_at: p.answeredAt?.toISOString() ?? null,
    ended_at: p.endedAt?.toISOString() ?? null,
    duration_seconds: p.durationSeconds ?? null,
    outcome: p.outcome ?? null,
    summary: p.summary ?? null,
    recording_url: p.recordingUrl ?? null,
    recording_duration_seconds: p.recordingDurationSeconds ?? null,
    patient_id: p.patientId ?? null,
  }));
  await queryNamed(db, 'switchboard_store_turns', STORE_TURNS, [JSON.stringify(turns.flatMap((t) => t.events)), JSON.stringify(rows)]);
}

const groupCommits = new WeakMap<pg.Pool, GroupCommit<StoredTurn>>();

/**
 * Stores a turn: its events (numbered after `lastSeq`; a concurrent turn that took those numbers,
 * or a repeat of this request's dedupe key, fails it with a unique violation, and the caller runs
 * the turn again from what is stored) and the call's new state. In a transaction, alone; on the
 * pool, with the other turns finishing meanwhile (db/group-commit.ts).
 */
export async function storeTurn(db: Queryable, callId: string, lastSeq: number, events: PendingEvent[], dedupeKey: string | null, patch: CallPatch): Promise<void> {
  const turn: StoredTurn = { callId, events: eventRows(callId, lastSeq + 1, events, dedupeKey), patch };
  if (!isPool(db)) return storeTurns(db, [turn]);
  let group = groupCommits.get(db);
  // Two statements at most at once per pool (the rest of the pool stays free), 64 turns each.
  if (!group) groupCommits.set(db, (group = new GroupCommit<StoredTurn>(2, 64, (turns) => storeTurns(db, turns))));
  return group.store(turn);
}

/** An outbound attempt's call points at its outbound job (set once, when the placement is recorded). */
export async function linkCallToOutboundJob(db: Queryable, callId: string, outboundJobId: string): Promise<void> {
  await queryNamed(db, 'switchboard_link_outbound_call', 'update calls set outbound_job_id = $2::uuid where id = $1::uuid and outbound_job_id is null', [callId, outboundJobId]);
}

/**
 * Barge-in (ConversationRelay, issue 20): the caller interrupted the agent, so the agent's last
 * words as stored become what the caller actually heard; the full text stays in the event as
 * `said`, and `interrupted` marks it for the transcript view. Repeated interrupts of the same
 * speech keep the first full text. Returns false when the call has no agent speech yet.
 */
export async function cutLastAgentSpeech(db: Queryable, callId: string, heard: string, durationMs: number | null, why: 'interrupted' | 'rerun' = 'interrupted'): Promise<boolean> {
  const rows = await queryNamed(
    db,
    'switchboard_cut_agent_speech',
    `update call_events e set payload = e.payload || jsonb_build_object('text', $2::text, 'said', coalesce(e.payload->'said', e.payload->'text'), $4::text, true, 'heardMs', $3::int)
     where e.call_id = $1::uuid and e.seq = (select max(seq) from call_events where call_id = $1::uuid and kind = 'agent_speech')
     returning e.seq`,
    [callId, heard, durationMs === null ? null : Math.round(durationMs), why],
  );
  return rows.length > 0;
}
