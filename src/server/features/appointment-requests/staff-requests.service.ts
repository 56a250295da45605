import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, conflict, invalid, notFound } from '../../http/errors.js';
import { canSeeOrganization, organizationScope, type StaffActor } from '../../policy/actor.js';
import { canTransition, statusesLeadingTo, type AppointmentStatus } from '../../../domain/appointment-requests/state.js';
import { localTimeToInstant } from '../../../domain/appointment-requests/scheduling.js';
import { readPreferences, slotWarnings, VISIT_MINUTES, type SlotWarning } from '../../../domain/appointment-requests/visit-slots.js';
import { clinicianClashes, type BookedVisit } from '../../../domain/appointment-requests/booked-visits.js';
import { practiceHours } from '../public-practices/index.js';
import { recordAudit, recordPhiView } from '../audit/index.js';
import { resolveHandoffsOfRequest } from '../handoff-records/index.js';
import { cancelVisit, findVisitWithNames, moveBookedVisit, type Booker } from '../calendars/index.js';
import type { RequestListQuery, RequestListResponse, RequestView } from '../../../contracts/appointment-requests.js';
import { publishLive } from '../live/index.js';
import { isUuid, organizationVisibleTo, findOrganizationById, type OrganizationRow } from '../organizations/index.js';
import type { AppointmentRequestRow } from './request-submission.service.js';
import { toFhirAppointment, type FhirAppointment } from './staff-fhir.js';
import { notifyPatient, type NoticeKind } from './staff-notices.js';
import { findRequest, insertRequestEvent, listRequestEvents, listRequestsPage, scheduledVisitsBetween, transitionIfVersion, userName } from './staff-requests.repository.js';
import { standingVisitOf, visitMoveFor, type VisitMove } from './request-visit.service.js';

/** What other features read of this one (its repository's queries, used as they are). */
export { findRequest } from './staff-requests.repository.js';

/** How far ahead a visit may be scheduled. */
export const MAX_AHEAD_MS = 2 * 366 * 86_400_000;
const STATUS_WORDS: Record<AppointmentStatus, string> = {
  draft: 'a draft',
  submitted: 'waiting for review',
  in_review: 'in review',
  scheduled: 'already scheduled',
  declined: 'already declined',
  canceled: 'already canceled',
};
const VERBS: Partial<Record<AppointmentStatus, string>> = { scheduled: 'scheduled', declined: 'declined', canceled: 'canceled', in_review: 'reviewed' };

/** The request and its organization as the actor may see them; drafts and other organizations' requests are "not found". */
export async function loadRequestFor(db: DbOrTx, actor: StaffActor, id: string): Promise<{ request: AppointmentRequestRow; org: OrganizationRow }> {
  const missing = () => notFound('That appointment request');
  if (!isUuid(id)) throw missing();
  const request = await findRequest(db, id);
  if (!request || request.status === 'draft' || !canSeeOrganization(actor, request.organizationId)) throw missing();
  const org = await findOrganizationById(db, request.organizationId);
  if (!org || !organizationVisibleTo(actor, org)) throw missing();
  return { request, org };
}

export async function presentRequest(db: DbOrTx, r: AppointmentRequestRow): Promise<RequestView> {
  const [history, decidedByName] = await Promise.all([listRequestEvents(db, r.id), userName(db, r.decidedBy)]);
  return {
    id: r.id,
    referenceCode: r.referenceCode,
    status: r.status,
    source: r.source,
    firstName: r.firstName,
    lastName: r.lastName,
    dateOfBirth: r.dateOfBirth,
    phone: r.phone,
    email: r.email,
    isNewPatient: r.isNewPatient,
    reason: r.reason,
    reasonOther: r.reasonOther,
    preferences: r.preferences,
    insurance: r.insurance,
    notes: r.notes,
    consentToContact: r.consentToContact,
    locale: r.locale,
    scheduledFor: r.scheduledFor?.toISOString() ?? null,
    visit: r.status === 'scheduled' || r.visitMinutes !== null ? { durationMinutes: r.visitMinutes, location: r.visitLocation, clinician: r.visitClinician } : null,
    declineReason: r.declineReason,
    cancelReason: r.cancelReason,
    decidedBy: r.decidedBy && decidedByName ? { id: r.decidedBy, name: decidedByName } : null,
    version: r.version,
    submittedAt: r.submittedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    history: history.map((e) => ({ ...e, at: e.at.toISOString() })),
  };
}

/** A pending request moves to "in review" when someone takes its handoff (no-op otherwise). */
export async function markInReview(ctx: AppContext, tx: DbOrTx, requestId: string, actor: StaffActor): Promise<void> {
  const request = await findRequest(tx, requestId);
  if (!request || request.status !== 'submitted') return;
  const now = ctx.clock.now();
  const row = await transitionIfVersion(tx, requestId, request.version, ['submitted'], { status: 'in_review' }, now);
  if (!row) return;
  await insertRequestEvent(tx, { appointmentRequestId: requestId, fromStatus: 'submitted', toStatus: 'in_review', actorType: 'staff', actorUserId: actor.userId, at: now });
  await publishLive(tx, { topic: 'appointment-requests', organizationId: row.organizationId, type: 'updated', id: requestId, data: { status: 'in_review' } });
}

export type Decision =
  | { to: 'scheduled'; version: number; scheduledFor: string; durationMinutes?: number; location?: string; clinician?: string; note?: string }
  | { to: 'declined'; version: number; reason: string }
  | { to: 'canceled'; version: number; reason?: string };

/**
 * Schedules, declines or cancels a request: checked against the state machine, then applied by
 * a conditional UPDATE on the version (so a second decision at the same time gets 409), the
 * request's handoffs closed, the patient notified through the outbox — one transaction.
 */
export async function decideRequest(ctx: AppContext, actor: StaffActor, id: string, d: Decision): Promise<AppointmentRequestRow> {
  return (await decide(ctx, actor, id, d)).row;
}

/**
 * Schedules a request with its visit's length, place and clinician; answers what was off about the
 * slot (warned, not refused), with the clinician's other visits it overlaps.
 */
export async function scheduleRequest(
  ctx: AppContext,
  actor: StaffActor,
  id: string,
  d: Omit<Extract<Decision, { to: 'scheduled' }>, 'to'>,
): Promise<{ row: AppointmentRequestRow; warnings: SlotWarning[]; clashes: BookedVisit[] }> {
  return decide(ctx, actor, id, { to: 'scheduled', ...d });
}

async function decide(ctx: AppContext, actor: StaffActor, id: string, d: Decision): Promise<{ row: AppointmentRequestRow; warnings: SlotWarning[]; clashes: BookedVisit[] }> {
  const { request, org } = await loadRequestFor(ctx.db, actor, id);
  if (!canTransition(request.status, d.to)) throw invalidTransition(request.status, d.to, await userName(ctx.db, request.decidedBy));
  if (d.version !== request.version) throw stale();
  const now = ctx.clock.now();
  const patch: Parameters<typeof transitionIfVersion>[4] = { status: d.to, decidedBy: actor.userId };
  let warnings: SlotWarning[] = [];
  let clashes: BookedVisit[] = [];
  // A scheduled request booked on a clinician's calendar: its visit follows a move or a cancel (request-visit.service.ts).
  const visit = request.status === 'scheduled' && d.to !== 'declined' ? await standingVisitOf(ctx.db, id) : undefined;
  let visitMove: VisitMove | undefined;
  if (d.to === 'scheduled') {
    patch.scheduledFor = scheduledInstant(d.scheduledFor, org.timeZone, now);
    patch.visitMinutes = d.durationMinutes ?? VISIT_MINUTES.default;
    patch.visitLocation = d.location || null;
    patch.visitClinician = d.clinician || null;
    if (visit) {
      visitMove = await visitMoveFor(ctx.db, org.id, visit, d);
      patch.visitMinutes = visit.visitTypeLength;
      patch.visitClinician = visitMove.clinicianName;
    }
    const startMs = patch.scheduledFor.getTime();
    const [hours, visits] = await Promise.all([
      practiceHours(ctx.db, org),
      patch.visitClinician
        ? scheduledVisitsBetween(ctx.db, { organizationId: org.id, exceptId: id, fromMs: startMs - VISIT_MINUTES.max * 60_000, toMs: startMs + patch.visitMinutes * 60_000 })
        : [],
    ]);
    const booked = { visits, clinician: patch.visitClinician };
    warnings = slotWarnings(hours, readPreferences(request.preferences), startMs, patch.visitMinutes, booked);
    clashes = clinicianClashes(visits, patch.visitClinician, startMs, patch.visitMinutes);
  }
  if (d.to === 'declined') patch.declineReason = d.reason;
  if (d.to === 'canceled') patch.cancelReason = d.reason || null;
  const note = d.to === 'scheduled' ? d.note : d.reason;
  const staff: Booker = { channel: 'staff', actor };
  return ctx.db.transaction(async (tx) => {
    if (visit && visitMove && d.to === 'scheduled') {
      // The calendar's move, staff's rules (warned, not refused, outside availability; never over another visit):
      // a taken time is its 409 slot_taken, and this transaction leaves the request as it was.
      const { visit: moved } = await moveBookedVisit({ db: tx, clock: ctx.clock }, org, visit, { start: d.scheduledFor, clinicianId: visitMove.clinicianId, locationId: visitMove.locationId }, staff);
      patch.visitLocation = (await findVisitWithNames(tx, moved.id))!.locationName;
    }
    const updated = await transitionIfVersion(tx, id, d.version, statusesLeadingTo(d.to), patch, now);
    if (!updated) {
      const current = await findRequest(tx, id);
      if (current && !canTransition(current.status, d.to)) throw invalidTransition(current.status, d.to, await userName(tx, current.decidedBy));
      throw stale();
    }
    // Canceled with the request, its time free at once; the patient is told once, by the request's notice below.
    if (visit && d.to === 'canceled') await cancelVisit({ db: tx, clock: ctx.clock }, visit, { reason: d.reason || 'The appointment request was canceled.' }, staff);
    await insertRequestEvent(tx, { appointmentRequestId: id, fromStatus: request.status, toStatus: d.to, actorType: 'staff', actorUserId: actor.userId, note: note || null, at: now });
    const resolution = { scheduled: 'appointment_scheduled', declined: 'appointment_declined', canceled: 'appointment_canceled' }[d.to];
    await resolveHandoffsOfRequest(ctx, tx, id, resolution, actor, note);
    const kind: NoticeKind = d.to;
    const outbox = await notifyPatient(tx, kind, updated, org, ctx.baseUrl, { reason: d.to === 'scheduled' ? undefined : d.reason, now, moved: request.status === 'scheduled' });
    await publishLive(tx, { topic: 'appointment-requests', organizationId: org.id, type: 'updated', id, data: { status: d.to } });
    await recordAudit(tx, { action: `appointment_request.${d.to}`, outcome: 'success', actor, organizationId: org.id, recordType: 'appointment_request', recordId: id, details: { from: request.status, notified: outbox.length, ...(visit ? { visitId: visit.id } : {}), ...(d.to === 'scheduled' ? { minutes: patch.visitMinutes, warnings } : {}) } });
    return { row: updated, warnings, clashes };
  });
}

export async function requestAsFhir(ctx: AppContext, actor: StaffActor, id: string): Promise<FhirAppointment> {
  const { request, org } = await loadRequestFor(ctx.db, actor, id);
  await recordPhiView(ctx.db, actor, { type: 'appointment_request', id, organizationId: org.id });
  return toFhirAppointment(request, org, ctx.baseUrl, ctx.clock.now());
}

function scheduledInstant(local: string, zone: string, now: Date): Date {
  const result = localTimeToInstant(local, zone);
  if (!result.ok) {
    throw invalid({
      scheduledFor: result.reason === 'skipped' ? `That time does not exist in ${zone}: the clocks change then. Choose another time.` : 'Choose a real date and time.',
    });
  }
  if (result.epochMs <= now.getTime()) throw invalid({ scheduledFor: 'Choose a time in the future.' });
  if (result.epochMs > now.getTime() + MAX_AHEAD_MS) throw invalid({ scheduledFor: 'Choose a time within the next two years.' });
  return new Date(result.epochMs);
}

function invalidTransition(from: AppointmentStatus, to: AppointmentStatus, by: string | null): AppError {
  const who = by && (from === 'scheduled' || from === 'declined' || from === 'canceled') ? ` by ${by}` : '';
  return conflict(`This request is ${STATUS_WORDS[from]}${who}, so it cannot be ${VERBS[to] ?? to}.`, 'invalid_transition', { status: from });
}

const stale = () => conflict('This request was changed by someone else. Reload it to see the latest, then try again.', 'stale_version');

/** Submitted requests in the actor's organizations, newest first, by keyset pages (public API). */
export async function listRequestsFor(ctx: AppContext, actor: StaffActor, q: RequestListQuery): Promise<RequestListResponse> {
  const rows = await listRequestsPage(ctx.db, { scope: organizationScope(actor), organizationId: q.organizationId, status: q.status, cursor: q.cursor, limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  return {
    items: page.map((r) => ({
      id: r.id,
      organizationId: r.organizationId,
      referenceCode: r.referenceCode,
      status: r.status,
      source: r.source,
      firstName: r.firstName,
      lastName: r.lastName,
      reason: r.reason,
      callId: r.callId,
      scheduledFor: r.scheduledFor?.toISOString() ?? null,
      submittedAt: r.submittedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: rows.length > q.limit ? page[page.length - 1]!.cursor : null,
  };
}

/** One request as staff see it (an audited view of health information). */
export async function getRequestFor(ctx: AppContext, actor: StaffActor, id: string): Promise<RequestView> {
  const { request } = await loadRequestFor(ctx.db, actor, id);
  await recordPhiView(ctx.db, actor, { type: 'appointment_request', id: request.id, organizationId: request.organizationId });
  return presentRequest(ctx.db, request);
}
