import type pg from 'pg';
import { isPool, queryNamed, type Queryable } from '../db/prepared.js';
import type { calls, organizations } from '../db/schema/index.js';
import type { PendingEvent } from '../agent/turn-log.js';
import { RULES_COLUMNS, RULES_JOINS, rulesFromRow, type DeadlineRules } from '../features/handoffs/handoffs.repository.js';
import { organizationStamp } from './organization-stamp.js';
import { TurnWriteBatcher } from './turn-write-batcher.js';
import { joinedCtes, writtenCte, type StatementWrite } from '../db/statement-write.js';

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
  /**
   * The call's transcript lines so far, when this process stored every turn since the call began
   * (the snapshot cache); null when read from the database.
   */
  transcript: string[] | null;
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
    transcript: null,
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
  from call_events e where e.call_id = c.id and e.kind in ('caller_speech', 'agent_speech') and coalesce(e.payload->>'text', '') <> '')`;

const EVENT_COLUMNS = 'call_id uuid, seq int, kind text, payload jsonb, latency_ms real, dedupe_key text, at timestamptz';
/** Inserts the event rows of a JSON array parameter (eventRows). */
const insertEvents = (param: string, where = '') => `
  insert into call_events (call_id, seq, kind, payload, latency_ms, dedupe_key, at)
  select e.call_id, e.seq, e.kind, e.payload, e.latency_ms, e.dedupe_key, e.at
  from jsonb_to_recordset(${param}::jsonb) as e(${EVENT_COLUMNS}) ${where}`;

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
  /** The number the organization was found by (null: by id) and the stamp it was read under. */
  routedNumber: string | null;
  stamp: string;
}

/**
 * Inserts a call with its first events (with other calls' turns when several finish together:
 * storeTurns). `exists` when the provider's call id is already taken (a repeated webhook: the
 * caller replays the stored answer); `stale` when the organization changed since it was read
 * (the caller starts the call again from a fresh read).
 */
export async function insertCallWithEvents(db: Queryable, call: NewCall, events: PendingEvent[], dedupeKey: string): Promise<'created' | 'exists' | 'stale'> {
  const turn: StoredTurn = {
    callId: call.id,
    eventsJson: eventRows(call.id, 1, events, dedupeKey),
    stateJson: JSON.stringify(call.agentState),
    patch: { at: call.startedAt },
    write: null,
    newCall: call,
  };
  const stored = await storeOne(db, turn);
  return (stored?.stored as 'created' | 'exists' | 'stale' | undefined) ?? 'exists';
}

export interface CallPatch {
  agentState: Record<string, unknown>;
  /**
   * Set when the call ends: the transcript is then written once, from the stored speech events
   * followed by these lines (this turn's, stored in the same statement). Updates during a call
   * touch no indexed column, so PostgreSQL can apply them in place (HOT).
   */
  transcriptFinal?: string;
  /** The whole transcript, when the caller knows it (then the stored events are not read for it). */
  transcriptWhole?: string;
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

/** A turn as storeTurns writes it (with other calls' turns, or alone). */
export interface StoredTurn {
  callId: string;
  /** JSON array of the turn's event rows (eventRows). */
  eventsJson: string;
  /** JSON of the call's new agent state. */
  stateJson: string;
  patch: Omit<CallPatch, 'agentState'>;
  /** The turn's one-statement write (a booked request), stored in the same statement. */
  write: StatementWrite | null;
  /** A call to insert (its first turn) rather than one to update. */
  newCall?: NewCall;
}

/**
 * New calls ($3) with their first events ($4). A call whose provider id is taken already (a
 * repeated webhook) is skipped with its events, and so is one whose organization changed since
 * it was read (its stamp differs: call-lookups.repository.ts).
 */
const NEW_CALLS = `
  nv as (
    select n.*, ${organizationStamp('n.organization_id', 'n.routed_number')} is not distinct from n.stamp as fresh
    from jsonb_to_recordset($3::jsonb) as n(id uuid, organization_id uuid, direction text, status text, provider text, provider_call_id text, from_number text,
      to_number text, brain text, agent_state jsonb, transcript_text text, started_at timestamptz, answered_at timestamptz, ended_at timestamptz,
      duration_seconds int, outcome text, summary text, routed_number text, stamp text)
  ), nc as (
    insert into calls (id, organization_id, direction, status, provider, provider_call_id, from_number, to_number, brain, agent_state,
                       transcript_text, started_at, answered_at, ended_at, duration_seconds, outcome, summary, last_activity_at, created_at, updated_at)
    select n.id, n.organization_id, n.direction, n.status, n.provider, n.provider_call_id, n.from_number, n.to_number, n.brain, n.agent_state,
           n.transcript_text, n.started_at, n.answered_at, n.ended_at, n.duration_seconds, n.outcome, n.summary, n.started_at, n.started_at, n.started_at
    from nv n where n.fresh
    on conflict (provider, provider_call_id) do nothing
    returning id
  ), evn as (${insertEvents('$4', 'where e.call_id in (select id from nc)')} returning 1)`;

/**
 * Turns of several calls in one statement: their events, and each call's new state and whatever
 * else the turn changed (an ending turn sets the status, outcome, summary and transcript, so its
 * row's indexed columns change; the others' do not, and stay HOT). Held writes' CTEs go first,
 * each renamed (joinedCtes) with its call's id and its parameters after the statement's two;
 * each call is linked to its write's patient.
 */
function storeTurnsText(writes: StatementWrite[], withNewCalls: boolean): string {
  const held: string[] = [];
  const links: string[] = [];
  let next = withNewCalls ? 5 : 3;
  writes.forEach((write, i) => {
    const copy = i + 1;
    held.push(`${joinedCtes(write, next, copy)},`);
    if (write.patientColumn) links.push(`when $${next}::uuid then (select ${write.patientColumn} from ${writtenCte(copy)})`);
    next += 1 + write.values.length;
  });
  return `
  with ${held.join('\n')} ${withNewCalls ? `${NEW_CALLS},` : ''}
  t as (
    select * from jsonb_to_recordset($2::jsonb) as t(call_id uuid, agent_state jsonb, at timestamptz, patient_id uuid, transcript_whole text, transcript_final text, status text,
      answered_at timestamptz, ended_at timestamptz, duration_seconds int, outcome text, summary text, recording_url text, recording_duration_seconds int)
  ), ev as (${insertEvents('$1')} returning 1),
  up as (
    update calls c set
      agent_state = t.agent_state,
      transcript_text = case when t.transcript_whole is not null then t.transcript_whole when t.transcript_final is null then c.transcript_text
        else concat_ws(E'\\n', ${TRANSCRIPT_OF_EVENTS}, nullif(t.transcript_final, '')) end,
      last_activity_at = t.at, updated_at = t.at,
      status = coalesce(t.status, c.status),
      answered_at = coalesce(c.answered_at, t.answered_at),
      ended_at = coalesce(t.ended_at, c.ended_at),
      duration_seconds = coalesce(t.duration_seconds, c.duration_seconds),
      outcome = coalesce(t.outcome, c.outcome),
      summary = coalesce(t.summary, c.summary),
      recording_url = coalesce(t.recording_url, c.recording_url),
      recording_duration_seconds = coalesce(t.recording_duration_seconds, c.recording_duration_seconds),
      patient_id = coalesce(c.patient_id, t.patient_id${links.length ? `, case c.id ${links.join(' ')} end` : ''})
    from t where c.id = t.call_id
    returning 1
  )
  select (select count(*) from ev) as events, (select count(*) from up) as updated${withNewCalls ? `, (select coalesce(jsonb_agg(id), '[]'::jsonb) from nc) as created, (select coalesce(jsonb_agg(id), '[]'::jsonb) from nv where not fresh) as stale` : ''}${writes.map((_, i) => `, (select to_jsonb(w) from ${writtenCte(i + 1)} w) as written_${i + 1}`).join('')}`;
}

/** Statements by the names of their held writes, in order (a statement's name stays with its text). */
const storeTurnsTexts = new Map<string, { name: string; text: string }>();

/**
 * Stores a turn: its events (numbered after `lastSeq`; a concurrent turn that took those numbers,
 * or a repeat of this request's dedupe key, fails it with a unique violation) and the call's
 * new state, with the turn's held write when it has one (the row of its `w_written` CTE is returned). On the
 * pool, turns of calls finishing together go in one statement (turn-write-batcher.ts); in a
 * transaction, alone. Live updates are sent after the commit (notifyLive).
 */
export async function storeTurn(
  db: Queryable,
  callId: string,
  lastSeq: number,
  events: PendingEvent[],
  dedupeKey: string | null,
  { agentState, ...patch }: CallPatch,
  write: StatementWrite | null = null,
): Promise<Record<string, unknown> | undefined> {
  return storeOne(db, { callId, eventsJson: eventRows(callId, lastSeq + 1, events, dedupeKey), stateJson: JSON.stringify(agentState), patch, write });
}

/** On the pool, with whatever other turns finish meanwhile; in a transaction, alone. */
async function storeOne(db: Queryable, turn: StoredTurn): Promise<Record<string, unknown> | undefined> {
  return isPool(db) ? turnBatcher(db).store(turn) : (await storeTurns(db, [turn]))[0];
}

/**
 * Turns of different calls in one statement; for each turn, its held write's written row, or
 * for a new call whether it was inserted (`created`).
 */
async function storeTurns(db: Queryable, turns: StoredTurn[]): Promise<(Record<string, unknown> | undefined)[]> {
  const newCalls = turns.filter((t) => t.newCall);
  const updates = turns.filter((t) => !t.newCall);
  const withWrites = updates.filter((t) => t.write);
  const writes = withWrites.map((t) => t.write!);
  const key = `${newCalls.length ? 'new;' : ''}${writes.map((w) => w.name).join(',')}`;
  let statement = storeTurnsTexts.get(key);
  if (!statement) storeTurnsTexts.set(key, (statement = { name: `switchboard_store_turns_${storeTurnsTexts.size}`, text: storeTurnsText(writes, newCalls.length > 0) }));
  const [row] = await queryNamed(db, statement.name, statement.text, [
    joinedEvents(updates),
    turnRows(updates),
    ...(newCalls.length ? [newCallRows(newCalls), joinedEvents(newCalls)] : []),
    ...withWrites.flatMap((t) => [t.callId, ...t.write!.values]),
  ]);
  const created = new Set((row?.created as string[] | undefined) ?? []);
  const stale = new Set((row?.stale as string[] | undefined) ?? []);
  return turns.map((t) => {
    if (t.newCall) return { stored: created.has(t.callId) ? 'created' : stale.has(t.callId) ? 'stale' : 'exists' };
    const i = withWrites.indexOf(t);
    return i < 0 ? undefined : (row?.[`written_${i + 1}`] as Record<string, unknown>);
  });
}

function newCallRows(turns: StoredTurn[]): string {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return `[${turns
    .map((t) => {
      const c = t.newCall!;
      const row = {
        id: c.id,
        organization_id: c.organizationId,
        direction: c.direction,
        status: c.status,
        provider: c.provider,
        provider_call_id: c.providerCallId,
        from_number: c.fromNumber,
        to_number: c.toNumber,
        brain: c.brain,
        transcript_text: c.transcriptText,
        started_at: c.startedAt.toISOString(),
        answered_at: iso(c.answeredAt),
        ended_at: iso(c.endedAt),
        duration_seconds: c.durationSeconds,
        outcome: c.outcome,
        summary: c.summary,
        routed_number: c.routedNumber,
        stamp: c.stamp,
      };
      return `${JSON.stringify(row).slice(0, -1)},"agent_state":${t.stateJson}}`;
    })
    .join(',')}]`;
}

function turnRows(turns: StoredTurn[]): string {
  return `[${turns.map((t) => `${JSON.stringify({ call_id: t.callId, ...patchRow(t.patch) }).slice(0, -1)},"agent_state":${t.stateJson}}`).join(',')}]`;
}

/** The patch's columns that are set, by name (the rest are null in the statement: unchanged). */
function patchRow(patch: Omit<CallPatch, 'agentState'>): Record<string, unknown> {
  const row: Record<string, unknown> = { at: patch.at.toISOString() };
  if (patch.patientId) row.patient_id = patch.patientId;
  if (patch.transcriptWhole !== undefined) row.transcript_whole = patch.transcriptWhole;
  else if (patch.transcriptFinal !== undefined) row.transcript_final = patch.transcriptFinal;
  if (patch.status) row.status = patch.status;
  if (patch.answeredAt) row.answered_at = patch.answeredAt.toISOString();
  if (patch.endedAt) row.ended_at = patch.endedAt.toISOString();
  if (patch.durationSeconds !== undefined) row.duration_seconds = patch.durationSeconds;
  if (patch.outcome) row.outcome = patch.outcome;
  if (patch.summary) row.summary = patch.summary;
  if (patch.recordingUrl) row.recording_url = patch.recordingUrl;
  if (patch.recordingDurationSeconds !== undefined) row.recording_duration_seconds = patch.recordingDurationSeconds;
  return row;
}

/** The turns' event arrays joined into one (each is a JSON array already). */
function joinedEvents(turns: StoredTurn[]): string {
  return `[${turns
    .map((t) => t.eventsJson.slice(1, -1))
    .filter((inner) => inner.length > 0)
    .join(',')}]`;
}

/** Two batch statements at most at once per pool: the rest of the pool stays free for other work. */
const TURN_WRITES_IN_FLIGHT = 2;
const TURNS_PER_BATCH = 64;
/** Held writes in one statement at most (each number of them is a statement text of its own). */
const WRITES_PER_BATCH = 8;
const batchers = new WeakMap<pg.Pool, TurnWriteBatcher<StoredTurn>>();

function turnBatcher(pool: pg.Pool): TurnWriteBatcher<StoredTurn> {
  let batcher = batchers.get(pool);
  if (!batcher) {
    batcher = new TurnWriteBatcher<StoredTurn>(TURN_WRITES_IN_FLIGHT, TURNS_PER_BATCH, WRITES_PER_BATCH, (turns) => storeTurns(pool, turns));
    batchers.set(pool, batcher);
  }
  return batcher;
}
