import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { invalid, notFound } from '../../http/errors.js';
import { canSeeOrganization, organizationScope, type StaffActor } from '../../policy/actor.js';
import { toE164 } from '../../../domain/phone.js';
import { recordPhiView } from '../audit/index.js';
import { presentRequest, findRequest } from '../appointment-requests/index.js';
import { isUuid, loadVisibleOrganization, findOrganizationById, type OrganizationRow, phoneCountryOf } from '../organizations/index.js';
import { onDutyIn } from '../schedules/index.js';
import { createHandoff, assignableUsers, findHandoff, listHandoffEvents, listHandoffs, type HandoffListRow, type RequestSlice } from '../handoff-records/index.js';
import { presentEvent, presentHandoff } from './handoffs.presenter.js';
import type { AssigneeOptions, CreateHandoffBody, HandoffDetail, HandoffListQuery } from '../../../contracts/handoffs.js';
import { callWithExcerpt, findPatient, organizationOfCall, patientHistory, type PatientRow } from './handoff-context.repository.js';

const EXCERPT_TURNS = 12;

export async function listQueue(ctx: AppContext, actor: StaffActor, q: HandoffListQuery) {
  if (q.organizationId && q.organizationIds) throw invalid({ 'querystring.organizationIds': 'Use either organizationId or organizationIds, not both.' });
  // One foreign organization is "not found" for the whole list.
  if (q.organizationIds?.some((id) => !canSeeOrganization(actor, id))) throw notFound('That organization');
  const requestSlice = requestSliceOf(q);
  const { rows, total, counts } = await listHandoffs(ctx.db, { ...q, requestSlice, scope: organizationScope(actor), userId: actor.userId });
  return { items: rows.map(presentHandoff), total, page: q.page, pageSize: q.pageSize, counts };
}

/** A funnel step's requests (analytics' drill-down): all four fields together, the window forwards. */
function requestSliceOf(q: HandoffListQuery): RequestSlice | undefined {
  const { requestStep: step, requestSource: source, requestFrom, requestTo } = q;
  if (!step && !source && !requestFrom && !requestTo) return undefined;
  // Keys as the schema's own checks name them (API conventions: querystring.<field>).
  if (!step) throw invalid({ 'querystring.requestStep': 'Choose the funnel step: started, submitted or scheduled.' });
  if (!requestFrom || !requestTo) throw invalid({ [`querystring.${requestFrom ? 'requestTo' : 'requestFrom'}`]: 'Give the period: requestFrom and requestTo.' });
  const from = new Date(requestFrom);
  const to = new Date(requestTo);
  if (to.getTime() <= from.getTime()) throw invalid({ 'querystring.requestTo': 'The end of the period is not after its start.' });
  return { step, source, from, to };
}

/** The handoff as the actor may see it; another organization's (or a malformed id) is "not found". */
export async function loadHandoff(db: DbOrTx, actor: StaffActor, id: string): Promise<HandoffListRow> {
  if (!isUuid(id)) throw notFound('That handoff');
  const row = await findHandoff(db, id);
  if (!row || !canSeeOrganization(actor, row.organizationId)) throw notFound('That handoff');
  return row;
}

export interface Contact {
  phone: string | null;
  email: string | null;
}

type RequestRow = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

/** The handoff's request and patient records, where it has them. */
export async function recordsOf(db: DbOrTx, h: Pick<HandoffListRow, 'appointmentRequestId' | 'patientId'>): Promise<{ request?: RequestRow; patient?: PatientRow }> {
  const [request, patient] = await Promise.all([
    h.appointmentRequestId ? findRequest(db, h.appointmentRequestId) : undefined,
    h.patientId ? findPatient(db, h.patientId) : undefined,
  ]);
  return { request, patient };
}

/** Where the patient can be reached: the request's details first, then the patient record, then the handoff's number. */
export function contactFrom(h: Pick<HandoffListRow, 'contactPhone'>, request?: RequestRow, patient?: PatientRow): Contact {
  return {
    phone: h.contactPhone ?? request?.phone ?? patient?.phone ?? null,
    email: request?.email ?? patient?.email ?? null,
  };
}

/** Everything a person needs to work one handoff. Viewing it is audited (it shows health information). */
export async function handoffDetail(ctx: AppContext, actor: StaffActor, id: string): Promise<HandoffDetail> {
  const h = await loadHandoff(ctx.db, actor, id);
  const org = (await findOrganizationById(ctx.db, h.organizationId))!;
  const [events, call, { request, patient: p }] = await Promise.all([
    listHandoffEvents(ctx.db, h.id),
    h.callId ? callWithExcerpt(ctx.db, h.callId, EXCERPT_TURNS) : undefined,
    recordsOf(ctx.db, h),
  ]);
  const contact = contactFrom(h, request, p);
  const history = await patientHistory(
    ctx.db,
    h.organizationId,
    { patientId: h.patientId, phone: h.patientId ? null : contact.phone },
    { handoffId: h.id, callId: h.callId, appointmentRequestId: h.appointmentRequestId },
  );
  await recordPhiView(ctx.db, actor, { type: 'handoff', id: h.id, organizationId: h.organizationId });
  return {
    handoff: { ...presentHandoff(h), details: h.details },
    organization: { id: org.id, name: org.name, timeZone: org.timeZone },
    events: events.map(presentEvent),
    call: call
      ? {
          id: call.call.id,
          direction: call.call.direction,
          status: call.call.status,
          outcome: call.call.outcome,
          fromNumber: call.call.fromNumber,
          toNumber: call.call.toNumber,
          startedAt: call.call.startedAt.toISOString(),
          durationSeconds: call.call.durationSeconds,
          summary: call.call.summary,
          turnCount: call.turnCount,
          excerpt: call.excerpt.map((t) => ({ ...t, at: t.at.toISOString() })),
        }
      : null,
    appointmentRequest: request && request.status !== 'draft' ? await presentRequest(ctx.db, request) : null,
    patient: p ? { id: p.id, firstName: p.firstName, lastName: p.lastName, dateOfBirth: p.dateOfBirth, phone: p.phone, email: p.email } : null,
    history: history.map((i) => ({ ...i, at: i.at.toISOString() })),
    contact: { phone: contact.phone, email: contact.email },
  };
}

/** Who the handoff can be given to, with the on-duty person suggested. */
export async function assigneeOptions(ctx: AppContext, actor: StaffActor, id: string): Promise<AssigneeOptions> {
  const h = await loadHandoff(ctx.db, actor, id);
  const org = (await findOrganizationById(ctx.db, h.organizationId))!;
  const [people, onDuty] = await Promise.all([assignableUsers(ctx.db, org.id), onDutyIn(ctx.db, org, ctx.clock.now())]);
  const onDutyIds = new Set(onDuty.flatMap((p) => (p.userId ? [p.userId] : [])));
  const items = people.map((u) => ({ id: u.id, name: u.name, role: u.role, onDuty: onDutyIds.has(u.id) }));
  const suggested = onDuty.find((p) => p.userId && items.some((i) => i.id === p.userId));
  return { items, suggestedUserId: suggested?.userId ?? null, onDuty };
}

/** A handoff made by staff (e.g. from a call, or a task of their own). */
export async function createStaffHandoff(ctx: AppContext, actor: StaffActor, body: CreateHandoffBody): Promise<HandoffListRow> {
  const org: OrganizationRow = await loadVisibleOrganization(ctx.db, actor, body.organizationId);
  let contactPhone: string | null = null;
  if (body.contactPhone) {
    contactPhone = toE164(body.contactPhone, phoneCountryOf(org.address));
    if (!contactPhone) throw invalid({ contactPhone: 'Enter a valid phone number, e.g. +1 860 555 0100.' });
  }
  if (body.callId) {
    if ((await organizationOfCall(ctx.db, body.callId)) !== org.id) throw invalid({ callId: 'That call was not found in this organization.' });
  }
  const row = await ctx.db.transaction((tx) =>
    createHandoff(ctx, tx, {
      organizationId: org.id,
      type: body.type,
      priority: body.priority,
      source: 'staff',
      reason: body.reason,
      callId: body.callId ?? null,
      contactName: body.contactName || null,
      contactPhone,
      actorUserId: actor.userId,
    }),
  );
  return (await findHandoff(ctx.db, row.id))!;
}
