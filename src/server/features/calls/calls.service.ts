import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, conflict, invalid, notFound } from '../../http/errors.js';
import { assertOrganizationVisible, organizationScope, type StaffActor } from '../../policy/actor.js';
import { searchableNumbers } from '../../../domain/phone.js';
import { recordAudit, recordPhiView } from '../audit/index.js';
import { createHandoff, type HandoffPriority, type HandoffType } from '../handoff-records/index.js';
import { publishLive } from '../live/index.js';
import { isCalendarDate, startedWindows } from './call-windows.js';
import { buildChatContext } from '../../../domain/calls/chat-context.js';
import {
  appendCallEvent,
  appointmentRequestsOfCall,
  eventsOf,
  findCall,
  findCallForUpdate,
  findOrganizationZone,
  findPatient,
  handoffsOfCall,
  listCalls,
  openHandoffOfType,
  setCallOutcome,
  visibleOrganizationZones,
  type CallOutcome,
  type CallRow,
  type OrganizationZoneRow,
} from './calls.repository.js';
import { contactNumberOf, isLive, presentCallDetail, presentCallListItem, presentNote } from './calls.presenter.js';
import type { CallSearchBody } from '../../../contracts/calls.js';

const THAT_CALL = 'That call';

// ── list ─────────────────────────────────────────────────────────────────────────────────────

interface Cursor {
  s: CallSearchBody['sort'];
  v: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.s, c.v, c.id])).toString('base64url');
}

function decodeCursor(raw: string, sort: CallSearchBody['sort'], field: 'after' | 'before'): Cursor {
  const stale = () => invalid({ [field]: 'This page link is out of date. Go back to the first page.' });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw stale();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw stale();
  const [s, v, id] = parsed as unknown[];
  if (s !== sort || typeof v !== 'string' || !/^-?\d{1,20}$/.test(v) || typeof id !== 'string' || !UUID.test(id)) throw stale();
  return { s: sort, v, id };
}

/** Whether the actor may see calls of this organization (deactivated ones: administrators only). */
function organizationVisible(actor: StaffActor, organization: Pick<OrganizationZoneRow, 'id' | 'status' | 'sandboxOf'>): boolean {
  if (organization.sandboxOf) return false;
  if (!actor.allOrganizations && !actor.organizationIds.includes(organization.id)) return false;
  return organization.status !== 'deactivated' || actor.allOrganizations;
}

export async function listCallsFor(ctx: AppContext, actor: StaffActor, q: CallSearchBody) {
  const scope = organizationScope(actor);
  if (q.organizationId && q.organizationIds) throw invalid({ 'querystring.organizationIds': 'Use either organizationId or organizationIds, not both.' });
  const asked = q.organizationIds ?? (q.organizationId ? [q.organizationId] : undefined);
  const needsZones = Boolean(asked) || scope !== null || isCalendarDate(q.from) || isCalendarDate(q.to);
  const visible = needsZones ? await visibleOrganizationZones(ctx.db, scope) : [];

  let organizationIds: string[] | null = scope === null ? null : visible.map((o) => o.id);
  let zoneOrganizations = visible;
  if (asked) {
    const byId = new Map(visible.map((o) => [o.id, o]));
    // One unknown or foreign id is "not found" for the whole list: nothing says which ids exist.
    const chosen = asked.map((id) => byId.get(id));
    if (chosen.some((o) => !o)) throw notFound('That organization');
    zoneOrganizations = chosen as typeof visible;
    organizationIds = zoneOrganizations.map((o) => o.id);
  }

  // Searched by the digits as stored, valid to the phone library or not (only numbers to dial are validated).
  let phones: string[] | undefined;
  if (q.phone) {
    phones = searchableNumbers(q.phone) ?? undefined;
    if (!phones) throw invalid({ phone: 'Enter the whole number, e.g. (860) 555-0100 or +44 20 7946 0000.' });
  }
  if (q.after && q.before) throw invalid({ before: 'Use either after or before, not both.' });

  const { windows, envelope } = startedWindows({ from: q.from, to: q.to }, zoneOrganizations);
  if (q.from && q.to) {
    const bothDates = isCalendarDate(q.from) && isCalendarDate(q.to);
    const reversed = bothDates ? q.to < q.from : envelope?.from && envelope?.to && envelope.to.getTime() <= envelope.from.getTime();
    if (reversed) throw invalid({ to: 'The end of the range is before its start.' });
  }

  const cursorRaw = q.after ?? q.before;
  const cursor = cursorRaw ? decodeCursor(cursorRaw, q.sort, q.after ? 'after' : 'before') : undefined;

  const rows = await listCalls(ctx.db, {
    organizationIds,
    direction: q.direction,
    status: q.status,
    outcome: q.outcome,
    live: q.live,
    hasHandoff: q.hasHandoff,
    hourOfWeek: q.hourOfWeek ? { weekday: Number(q.hourOfWeek.slice(0, 1)), hour: Number(q.hourOfWeek.slice(2)), zone: q.timeZone ?? 'UTC' } : undefined,
    phones,
    q: q.q || undefined,
    now: ctx.clock.now(),
    windows,
    envelope,
    sort: q.sort,
    order: q.order,
    limit: q.limit + 1,
    cursor: cursor ? { value: cursor.v, id: cursor.id, direction: q.after ? 'after' : 'before' } : undefined,
  });

  const more = rows.length > q.limit;
  // Walking backwards, the extra row is the first one (the rows come back in display order).
  const page = more ? (q.before ? rows.slice(1) : rows.slice(0, q.limit)) : rows;
  const cursorOf = (r: (typeof rows)[number]) => encodeCursor({ s: q.sort, v: r.sortValue, id: r.id });
  const first = page[0];
  const last = page[page.length - 1];
  const hasNext = q.before ? true : more;
  const hasPrev = q.before ? more : Boolean(q.after);
  return {
    items: page.map(presentCallListItem),
    nextCursor: hasNext && last ? cursorOf(last) : null,
    prevCursor: hasPrev && first ? cursorOf(first) : null,
  };
}

// ── one call ─────────────────────────────────────────────────────────────────────────────────

/** The call and its organization as the actor may see them, or "not found". */
async function loadVisibleCall(db: DbOrTx, actor: StaffActor, id: string, lock = false): Promise<{ call: CallRow; organization: OrganizationZoneRow }> {
  const call = lock ? await findCallForUpdate(db, id) : await findCall(db, id);
  if (!call) throw notFound(THAT_CALL);
  assertOrganizationVisible(actor, call.organizationId, THAT_CALL);
  const organization = await findOrganizationZone(db, call.organizationId);
  if (!organization || !organizationVisible(actor, organization)) throw notFound(THAT_CALL);
  return { call, organization };
}

export const recordingPathOf = (id: string) => `/api/calls/${id}/recording`;

export async function getCallDetail(ctx: AppContext, actor: StaffActor, id: string) {
  const { call, organization } = await loadVisibleCall(ctx.db, actor, id);
  const [events, handoffs, appointmentRequests, patient] = await Promise.all([
    eventsOf(ctx.db, id),
    handoffsOfCall(ctx.db, id),
    appointmentRequestsOfCall(ctx.db, id),
    call.patientId ? findPatient(ctx.db, call.patientId) : Promise.resolve(undefined),
  ]);
  // It shows health information: every view leaves an audit record.
  await recordPhiView(ctx.db, actor, { type: 'call', id, organizationId: call.organizationId });
  return presentCallDetail({ call, organization, patient, events, handoffs, appointmentRequests }, recordingPathOf(id));
}

const CONTEXT_KINDS = ['caller_speech', 'agent_speech', 'model_request', 'tool_call', 'tool_result', 'transfer', 'error'] as const;

export async function getChatContext(ctx: AppContext, actor: StaffActor, id: string) {
  const { call, organization } = await loadVisibleCall(ctx.db, actor, id);
  const events = await eventsOf(ctx.db, id, CONTEXT_KINDS);
  await recordPhiView(ctx.db, actor, { type: 'call_chat_context', id, organizationId: call.organizationId });
  return {
    call: {
      id: call.id,
      organizationId: call.organizationId,
      organizationName: organization.name,
      brain: call.brain,
      status: call.status,
      live: isLive(call.status),
      startedAt: call.startedAt.toISOString(),
      direction: call.direction,
      contactNumber: contactNumberOf(call),
    },
    ...buildChatContext(events),
  };
}

/** For the recording proxy: the call's recording URL, once the actor may see the call. */
export async function recordingOf(ctx: AppContext, actor: StaffActor, id: string): Promise<{ call: CallRow; url: string | null }> {
  const { call } = await loadVisibleCall(ctx.db, actor, id);
  return { call, url: call.recordingUrl };
}

export async function auditRecordingPlayed(ctx: AppContext, actor: StaffActor, call: CallRow): Promise<void> {
  await recordPhiView(ctx.db, actor, { type: 'call_recording', id: call.id, organizationId: call.organizationId });
}

// ── staff actions ────────────────────────────────────────────────────────────────────────────

const UNIQUE_VIOLATION = '23505';

export async function addCallNote(ctx: AppContext, actor: StaffActor, id: string, text: string) {
  // The telephony pipeline appends events too; a clash on (call, seq) is simply tried again.
  for (let attempt = 0; ; attempt++) {
    try {
      const event = await ctx.db.transaction(async (tx) => {
        const { call } = await loadVisibleCall(tx, actor, id, true);
        const now = ctx.clock.now();
        const created = await appendCallEvent(tx, id, { kind: 'note', payload: { authorId: actor.userId, authorName: actor.name || actor.email, text }, at: now });
        await recordAudit(tx, { action: 'call.note_added', outcome: 'success', actor, organizationId: call.organizationId, recordType: 'call', recordId: id, details: { seq: created.seq } });
        await publishLive(tx, { topic: 'calls', organizationId: call.organizationId, type: 'note', id });
        return created;
      });
      return presentNote(event);
    } catch (err) {
      if (attempt < 3 && (err as { code?: string }).code === UNIQUE_VIOLATION) continue;
      throw err;
    }
  }
}

export async function setOutcome(ctx: AppContext, actor: StaffActor, id: string, outcome: CallOutcome) {
  return ctx.db.transaction(async (tx) => {
    const { call } = await loadVisibleCall(tx, actor, id, true);
    if (isLive(call.status)) {
      throw conflict('This call is still going on. Set its outcome once it has ended.', 'invalid_transition', { status: call.status });
    }
    if (call.outcome === outcome) return { id, outcome, previous: call.outcome, changed: false };
    const now = ctx.clock.now();
    await setCallOutcome(tx, id, outcome, now);
    await recordAudit(tx, {
      action: 'call.outcome_set',
      outcome: 'success',
      actor,
      organizationId: call.organizationId,
      recordType: 'call',
      recordId: id,
      details: { from: call.outcome, to: outcome },
    });
    await publishLive(tx, { topic: 'calls', organizationId: call.organizationId, type: 'updated', id });
    return { id, outcome, previous: call.outcome, changed: true };
  });
}

export async function createCallHandoff(ctx: AppContext, actor: StaffActor, id: string, input: { type: HandoffType; priority: HandoffPriority; reason: string }) {
  return ctx.db.transaction(async (tx) => {
    const { call } = await loadVisibleCall(tx, actor, id, true);
    if (await openHandoffOfType(tx, id, input.type)) {
      throw conflict('This call already has an open handoff of that type. Work that one, or choose another type.', 'conflict', {
        fields: { type: 'An open handoff of this type already exists for this call.' },
      });
    }
    const patient = call.patientId ? await findPatient(tx, call.patientId) : undefined;
    const handoff = await createHandoff(ctx, tx, {
      organizationId: call.organizationId,
      type: input.type,
      priority: input.priority,
      source: 'staff',
      reason: input.reason,
      callId: id,
      patientId: call.patientId,
      contactName: patient ? `${patient.firstName} ${patient.lastName}`.trim() : null,
      contactPhone: contactNumberOf(call),
      actorUserId: actor.userId,
    });
    await recordAudit(tx, {
      action: 'handoff.created',
      outcome: 'success',
      actor,
      organizationId: call.organizationId,
      recordType: 'handoff',
      recordId: handoff.id,
      details: { callId: id, type: input.type, priority: input.priority },
    });
    await publishLive(tx, { topic: 'calls', organizationId: call.organizationId, type: 'updated', id });
    return handoff;
  });
}

export class RecordingUnavailable extends AppError {
  constructor(message: string) {
    super(502, 'recording_unavailable', message);
  }
}
