import type { AppContext } from '../../app-context.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { patientInvalid } from '../../http/patient-scope.js';
import type { PortalVisit } from '../../../contracts/portal-visits.js';
import type { HeldTimeView, PublicOpenTimesResponse } from '../../../contracts/public-booking.js';
import { asPatientFields, cancelScheduledByPatient, followMovedVisit, openTimesOf, presentHold } from '../appointment-requests/index.js';
import { recordAudit } from '../audit/index.js';
import { cancelVisit as cancelCalendarVisit, holdForRequest, holdOfRequest, moveVisitToHold, visitsOfRequests, WEB_BOOKER, webVisitTypes, type RequestVisit, type WebVisitType } from '../calendars/index.js';
import { resolveHandoffsOfRequest } from '../handoff-records/index.js';
import { publishLive } from '../live/index.js';
import type { OrganizationRow } from '../organizations/index.js';
import type { PatientSessionRow, RequestRow } from './portal.repository.js';

/**
 * A visit the patient booked on the clinician's calendar (decision 055), in the portal: they may
 * cancel it — its time is free at once — or move it to another open time of the same visit type
 * (held, then booked), up to the visit type's minimum notice before it. Visits the front desk
 * scheduled by hand keep "cancel" and "ask for another time" (portal-visits.service.ts).
 */

const MINUTE_MS = 60_000;
const visitNotFound = () => notFound('That visit');
const tooLate = () => conflict('This visit is too soon to change online. Please call the practice.', 'change_too_late');

/** The standing calendar visit of each request (booked or confirmed), by request id. */
export async function bookedVisitsOf(ctx: AppContext, rows: RequestRow[]): Promise<Map<string, RequestVisit>> {
  const visits = await visitsOfRequests(ctx.db, rows.filter((r) => r.status === 'scheduled').map((r) => r.id));
  const standing = new Map<string, RequestVisit>();
  for (const v of visits) if ((v.status === 'booked' || v.status === 'confirmed') && v.appointmentRequestId && !standing.has(v.appointmentRequestId)) standing.set(v.appointmentRequestId, v);
  return standing;
}

/** What the portal says of a calendar visit: its type, who, until when it may be changed here, whether it may be moved. */
export function presentBooking(v: RequestVisit, webTypes: WebVisitType[], now: Date): NonNullable<PortalVisit['booking']> {
  const changeUntil = v.startsAt.getTime() - v.visitTypeMinNotice * MINUTE_MS;
  const web = webTypes.find((t) => t.visitType.id === v.visitTypeId);
  const canChange = now.getTime() < changeUntil;
  return {
    visitType: { id: v.visitTypeId, nameEn: v.visitTypeNameEn, nameEs: v.visitTypeNameEs, lengthMinutes: v.visitTypeLength },
    clinician: { id: v.clinicianId, name: v.clinicianName },
    clinicians: (web?.clinicians ?? []).map((c) => ({ id: c.id, name: c.name, title: c.title })),
    changeUntil: new Date(changeUntil).toISOString(),
    canChange,
    canMove: canChange && !!web,
    maxDaysAhead: web?.visitType.maxDaysAhead ?? 0,
  };
}

export async function bookingsFor(ctx: AppContext, organizationId: string, rows: RequestRow[]): Promise<Map<string, PortalVisit['booking']>> {
  const visits = await bookedVisitsOf(ctx, rows);
  if (!visits.size) return new Map();
  const webTypes = await webVisitTypes(ctx, organizationId);
  const now = ctx.clock.now();
  return new Map([...visits].map(([id, v]) => [id, presentBooking(v, webTypes, now)]));
}

interface OwnBooking {
  row: RequestRow;
  org: OrganizationRow;
  visit: RequestVisit;
  type: WebVisitType;
}

/** The calendar visit of one of the patient's own scheduled requests, movable on the web and not yet too close; otherwise 404 or 409. */
async function movable(ctx: AppContext, own: { row: RequestRow; org: OrganizationRow }): Promise<OwnBooking> {
  const visit = (await bookedVisitsOf(ctx, [own.row])).get(own.row.id);
  const type = visit && (await webVisitTypes(ctx, own.org.id)).find((t) => t.visitType.id === visit.visitTypeId);
  if (!visit || !type) throw visitNotFound();
  if (!presentBooking(visit, [type], ctx.clock.now()).canChange) throw tooLate();
  return { ...own, visit, type };
}

/** Open times of the visit's type, to move it to (one clinician, or the first available). */
export async function moveOpenTimes(
  ctx: AppContext,
  own: { row: RequestRow; org: OrganizationRow },
  q: { clinicianId?: string; from?: string; days: number },
): Promise<PublicOpenTimesResponse> {
  const b = await movable(ctx, own);
  const clinician = q.clinicianId ? b.type.clinicians.find((c) => c.id === q.clinicianId) : null;
  if (clinician === undefined) throw patientInvalid({ clinicianId: 'unknown' });
  return openTimesOf(ctx, b.org, { ...b.type, clinician }, q);
}

/** Holds another time for the visit (giving up a time held for it before). */
export async function holdNewTime(ctx: AppContext, own: { row: RequestRow; org: OrganizationRow }, body: { clinicianId: string; start: string }): Promise<{ hold: HeldTimeView & { id: string } }> {
  const b = await movable(ctx, own);
  if (!b.type.clinicians.some((c) => c.id === body.clinicianId)) throw patientInvalid({ clinicianId: 'unknown' });
  try {
    const held = await holdForRequest(ctx, b.org, { visitTypeId: b.visit.visitTypeId, clinicianId: body.clinicianId, start: body.start }, b.row.id);
    return { hold: { ...presentHold(held, b.org.timeZone), id: held.hold.id } };
  } catch (err) {
    throw asPatientFields(err);
  }
}

/**
 * Moves the visit into the time held for it: the visit and its request change together (one
 * transaction), and the patient gets the "has moved" message with a new calendar file.
 */
export async function moveToHeldTime(ctx: AppContext, session: PatientSessionRow, own: { row: RequestRow; org: OrganizationRow }, holdId: string, ip: string): Promise<void> {
  const b = await movable(ctx, own);
  const held = await holdOfRequest(ctx, b.org.id, b.row.id);
  if (!held || held.hold.id !== holdId || held.hold.visitTypeId !== b.visit.visitTypeId) throw patientInvalid({ holdId: 'unknown' });
  const hold = held.hold;
  await ctx.db.transaction(async (tx) => {
    const moved = await moveVisitToHold({ db: tx, clock: ctx.clock }, b.org, b.visit, hold, WEB_BOOKER).catch((err: unknown) => {
      throw changed(err);
    });
    const request = await followMovedVisit(ctx, tx, b.row.id, b.org, { startsAt: moved.startsAt, clinicianName: hold.clinicianName, locationName: hold.locationName });
    if (!request) throw conflict('The practice changed this visit a moment ago. Reload to see it as it is now.', 'visit_changed');
    await publishLive(tx, { topic: 'appointment-requests', organizationId: b.org.id, type: 'updated', id: b.row.id, data: { status: 'scheduled' } });
    await recordAudit(tx, {
      action: 'appointment_request.moved',
      outcome: 'success',
      actor: { kind: 'patient', id: session.id },
      organizationId: b.org.id,
      recordType: 'appointment_request',
      recordId: b.row.id,
      ip,
      details: { by: 'patient', visitId: b.visit.id, from: b.visit.startsAt.toISOString(), to: moved.startsAt.toISOString() },
    });
  });
}

/** A refusal about the visit itself (changed meanwhile) in the portal's words; a taken or closed time stays as it is. */
function changed(err: unknown): unknown {
  if (err instanceof AppError && (err.code === 'invalid_transition' || err.code === 'stale_version')) return conflict('The practice changed this visit a moment ago. Reload to see it as it is now.', 'visit_changed');
  return err;
}

/**
 * Cancels a calendar visit and its request together; its time is free at once, so no handoff asks
 * the front desk to free it. Up to the visit type's minimum notice before it; then 409.
 */
export async function cancelBookedVisit(ctx: AppContext, session: PatientSessionRow, own: { row: RequestRow; org: OrganizationRow }, visit: RequestVisit, reason: string, ip: string): Promise<void> {
  const now = ctx.clock.now();
  if (!presentBooking(visit, [], now).canChange) throw tooLate();
  const id = own.row.id;
  await ctx.db.transaction(async (tx) => {
    const canceled = await cancelScheduledByPatient(tx, id, reason || null, now);
    if (!canceled) throw conflict('The practice changed this visit a moment ago. Reload to see it as it is now.', 'visit_changed');
    await cancelCalendarVisit({ db: tx, clock: ctx.clock }, visit, { reason: reason || 'Canceled by the patient in the portal.' }, WEB_BOOKER).catch((err: unknown) => {
      throw changed(err);
    });
    await resolveHandoffsOfRequest(ctx, tx, id, 'canceled_by_patient', null, 'The patient canceled the visit in the portal; its time on the calendar is free again.');
    await publishLive(tx, { topic: 'appointment-requests', organizationId: own.row.organizationId, type: 'updated', id, data: { status: 'canceled' } });
    await recordAudit(tx, {
      action: 'appointment_request.canceled',
      outcome: 'success',
      actor: { kind: 'patient', id: session.id },
      organizationId: own.row.organizationId,
      recordType: 'appointment_request',
      recordId: id,
      ip,
      details: { from: 'scheduled', by: 'patient', visitId: visit.id },
    });
  });
}
