import type pg from 'pg';
import { isPool, queryNamed, type Queryable } from '../db/prepared.js';
import type { calls, organizations } from '../db/schema/index.js';
import type { PendingEvent } from '../agent/turn-log.js';
import { RULES_COLUMNS, RULES_JOINS, rulesFromRow, type DeadlineRules } from '../features/handoffs/handoffs.repository.js';
import { TurnWriteBatcher } from './turn-write-batcher.js';
import { shiftedCtes, type StatementWrite } from '../db/statement-write.js';

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
  /** The organization's hours and handoff deadline settings, read in the same query. */
  rules: DeadlineRules;
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
    version: o.version as number,
    createdAt: new Date(o.created_at as string),
    updatedAt: new Date(o.updated_at as string),
  };
}

const LOAD_COLUMNS = `
  c.id, c.organization_id, c.provider_call_id, c.status, c.provider, c.direction, c.from_number, c.to_number, c.agent_state,
  c.started_at, c.answered_at, c.ended_at, c.last_activity_at, to_jsonb(o.*) as organization,
  ${RULES_COLUMNS},
  (select coalesce(max(e.seq), 0) from call_events e where e.call_id = c.id) as last_seq,
  (select e.payload from call_events e where e.call_id = c.id and e.dedupe_key = $3::text) as replay
  from calls c join organizations o on o.id = c.organization_id
  ${RULES_JOINS('c.organization_id')}`;
const LOAD_BY_PROVIDER = `select ${LOAD_COLUMNS} where c.provider = $1::text and c.provider_call_id = $2::text`;
const LOAD_BY_ID = `select ${LOAD_COLUMNS} where c.id = $1::uuid and $2::text is null`;

/**
 * The call, its organization, its last event number and (by dedupe key) a replay, in one query.
 * The hot statements of a turn are named (prepared once per connection, planned once).
 */
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
    organization: organizationFromJson(o),
    rules: rulesFromRow(r, o.time_zone as string),
    lastSeq: Number(r.last_seq),
    replay: (r.replay as Record<string, unknown> | null) ?? null,
  };
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

/** "Caller: …" / "Agent: …" lines of the call's stored speech events, in order (null when none). */
const TRANSCRIPT_OF_EVENTS = `(select string_agg(case e.kind when 'caller_speech' then 'Caller: ' else 'Agent: ' end || (e.payload->>'text'), E'\\n' order by e.seq)
  from call_events e where e.call_id = calls.id and e.kind in ('caller_speech', 'agent_speech') and coalesce(e.payload->>'text', '') <> '')`;

const INSERT_EVENTS = `
  insert into call_events (call_id, seq, kind, payload, latency_ms, dedupe_key, at)
  select e.call_id, e.seq, e.kind, e.payload, e.latency_ms, e.dedupe_key, e.at
  from jsonb_to_recordset($1::jsonb) as e(call_id uuid, seq int, kind text, payload jsonb, latency_ms real, dedupe_key text, at timestamptz)`;

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
const INSERT_CALL = `
  with c as (
    insert into calls (id, organization_id, direction, status, provider, provider_call_id, from_number, to_number, brain, agent_state,
                       transcript_text, started_at, answered_at, ended_at, duration_seconds, outcome, summary, last_activity_at, created_at, updated_at)
    values ($2::uuid, $3::uuid, $4::text, $5::text, $6::text, $7::text, $8::text, $9::text, $10::text, $11::jsonb,
            $12::text, $13::timestamptz, $14::timestamptz, $15::timestamptz, $16::int, $17::text, $18::text, $13::timestamptz, $13::timestamptz, $13::timestamptz)
    on conflict (provider, provider_call_id) do nothing
    returning id
  ), ev as (${INSERT_EVENTS} where exists (select 1 from c) returning 1)
  select id from c`;

/**
 * Inserts a call with its first events in one statement. False when the provider's call id is
 * already taken (a repeated webhook): the caller then replays the stored answer.
 */
export async function insertCallWithEvents(db: Queryable, call: NewCall, events: PendingEvent[], dedupeKey: string): Promise<boolean> {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const rows = await queryNamed(db, 'switchboard_insert_call', INSERT_CALL, [
      eventRows(call.id, 1, events, dedupeKey),
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
  ]);
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
  /** Links the call to the patient it was about (never replaces a link). */
  patientId?: string;
}

/** The turn's events and the call's update; `held` CTEs (a StatementWrite's, shifted) go first. */
const storeTurnText = (held = '', patientFrom = '') => `
  with ${held ? `${held},` : ''} ev as (${INSERT_EVENTS} returning 1),
  up as (
    update calls set
      agent_state = $3::jsonb,
      transcript_text = case when $4::text is null then transcript_text
        else concat_ws(E'\\n', ${TRANSCRIPT_OF_EVENTS}, nullif($4::text, '')) end,
      last_activity_at = $5::timestamptz, updated_at = $5::timestamptz,
      status = coalesce($6::text, status),
      answered_at = coalesce(answered_at, $7::timestamptz),
      ended_at = coalesce($8::timestamptz, ended_at),
      duration_seconds = coalesce($9::int, duration_seconds),
      outcome = coalesce($10::text, outcome),
      summary = coalesce($11::text, summary),
      recording_url = coalesce($12::text, recording_url),
      recording_duration_seconds = coalesce($13::int, recording_duration_seconds),
      patient_id = coalesce(patient_id, $14::uuid${patientFrom ? `, (select ${patientFrom} from written)` : ''})
    where id = $2::uuid
    returning 1
  )
  select (select count(*) from ev) as events, (select count(*) from up) as updated${held ? ', (select to_jsonb(w) from written w) as written' : ''}`;
const STORE_TURN = storeTurnText();
const STORE_TURN_PARAMS = 14;
/** The statement of a turn with a held write, by the write's name (the text is fixed per name). */
const storeTurnWith = new Map<string, string>();

/**
 * Stores a turn in one statement: its events (numbered after `lastSeq`; a concurrent turn that
 * took those numbers, or a repeat of this request's dedupe key, fails it with a unique
 * violation) and the call's new state, with the turn's held write when it has one (its
 * `written` row is returned; the call is linked to its patient). Live updates are sent after the
 * commit (notifyLive).
 */
export async function storeTurn(
  db: Queryable,
  callId: string,
  lastSeq: number,
  events: PendingEvent[],
  dedupeKey: string | null,
  patch: CallPatch,
  held: StatementWrite | null = null,
): Promise<Record<string, unknown> | undefined> {
  const eventsJson = eventRows(callId, lastSeq + 1, events, dedupeKey);
  if (!held && isPool(db) && isOrdinaryTurn(patch)) {
    await turnBatcher(db).store({ callId, eventsJson, stateJson: JSON.stringify(patch.agentState), at: patch.at, patientId: patch.patientId ?? null });
    return undefined;
  }
  return storeTurnAlone(db, callId, eventsJson, JSON.stringify(patch.agentState), patch, held);
}

async function storeTurnAlone(
  db: Queryable,
  callId: string,
  eventsJson: string,
  stateJson: string,
  patch: Omit<CallPatch, 'agentState'>,
  held: StatementWrite | null = null,
): Promise<Record<string, unknown> | undefined> {
  const iso = (d: Date | undefined) => d?.toISOString() ?? null;
  let name = 'switchboard_store_turn';
  let text = STORE_TURN;
  if (held) {
    name = `switchboard_store_turn_with_${held.name}`;
    text = storeTurnWith.get(held.name) ?? storeTurnText(shiftedCtes(held, STORE_TURN_PARAMS), held.patientColumn);
    storeTurnWith.set(held.name, text);
  }
  const [row] = await queryNamed(db, name, text, [
      eventsJson,
      callId,
      stateJson,
      patch.transcriptFinal ?? null,
      patch.at.toISOString(),
      patch.status ?? null,
      iso(patch.answeredAt),
      iso(patch.endedAt),
      patch.durationSeconds ?? null,
      patch.outcome ?? null,
      patch.summary ?? null,
      patch.recordingUrl ?? null,
      patch.recordingDurationSeconds ?? null,
      patch.patientId ?? null,
      ...(held?.values ?? []),
  ]);
  return (row?.written as Record<string, unknown> | undefined) ?? undefined;
}

/** A turn that only appends events and replaces the agent state (no status, end or recording). */
function isOrdinaryTurn(patch: CallPatch): boolean {
  return (
    patch.transcriptFinal === undefined &&
    patch.status === undefined &&
    patch.answeredAt === undefined &&
    patch.endedAt === undefined &&
    patch.durationSeconds === undefined &&
    patch.outcome === undefined &&
    patch.summary === undefined &&
    patch.recordingUrl === undefined &&
    patch.recordingDurationSeconds === undefined
  );
}

/** Two batch statements at most at once per pool: the rest of the pool stays free for other work. */
const TURN_WRITES_IN_FLIGHT = 2;
const TURNS_PER_BATCH = 64;
const batchers = new WeakMap<pg.Pool, TurnWriteBatcher>();

function turnBatcher(pool: pg.Pool): TurnWriteBatcher {
  let batcher = batchers.get(pool);
  if (!batcher) {
    batcher = new TurnWriteBatcher(pool, TURN_WRITES_IN_FLIGHT, TURNS_PER_BATCH, async (t) => {
      await storeTurnAlone(pool, t.callId, t.eventsJson, t.stateJson, { at: t.at, ...(t.patientId ? { patientId: t.patientId } : {}) });
    });
    batchers.set(pool, batcher);
  }
  return batcher;
}
