import type { AppContext } from '../../app-context.js';
import { conflict, notFound } from '../../http/errors.js';
import type { PortalVisit } from '../../../contracts/portal-visits.js';
import { formatVisitTime } from '../../../domain/appointment-requests/scheduling.js';
import { formatPostalAddress } from '../../../domain/format/address.js';
import { cancelScheduledByPatient, visitCalendar, visitCalendarFilename } from '../appointment-requests/index.js';
import { loadPublicPracticeById } from '../public-practices/index.js';
import { recordAudit } from '../audit/index.js';
import { createHandoff, resolveHandoffsOfRequest, unresolvedHandoffsOfRequest } from '../handoff-records/index.js';
import { publishLive } from '../live/index.js';
import { isUuid, type OrganizationRow } from '../organizations/index.js';
import { requestsOf, type PatientSessionRow, type RequestRow } from './portal.repository.js';
import { bookedVisitsOf, bookingsFor, cancelBookedVisit } from './portal-bookings.service.js';

/** What the front desk's handoff says the patient asked for (`details.kind`). */
const ANOTHER_TIME = 'another_time';
const VISIT_CANCELED = 'visit_canceled';

const visitNotFound = () => notFound('That visit');

/** The scheduled visits among the patient's requests, as the portal shows them (by request id). */
export async function visitsOf(ctx: AppContext, organizationId: string, rows: RequestRow[]): Promise<Map<string, PortalVisit>> {
  const scheduled = rows.filter((r) => r.status === 'scheduled' && r.scheduledFor);
  const visits = new Map<string, PortalVisit>();
  if (!scheduled.length) return visits;
  const [org, bookings] = await Promise.all([loadPublicPracticeById(ctx.db, organizationId), bookingsFor(ctx, organizationId, scheduled)]);
  for (const r of scheduled) {
    const asks = (await unresolvedHandoffsOfRequest(ctx.db, r.id)).filter((h) => (h.details as { kind?: string }).kind === ANOTHER_TIME);
    const asked = asks.map((h) => h.createdAt.getTime()).sort((a, b) => b - a)[0];
    visits.set(r.id, {
      startsAt: r.scheduledFor!.toISOString(),
      durationMinutes: r.visitMinutes,
      location: r.visitLocation,
      clinician: r.visitClinician,
      address: formatPostalAddress(org.address),
      calendarPath: `/api/portal/requests/${r.id}/visit.ics`,
      anotherTimeAskedAt: asked === undefined ? null : new Date(asked).toISOString(),
      booking: bookings.get(r.id) ?? null,
    });
  }
  return visits;
}

/**
 * One of the patient's own scheduled visits that has not begun; anything else is "not found" or,
 * once canceled or begun, 409 (codes of their own: the patient pages' generic wording of
 * `invalid_transition` is about pending requests).
 */
export async function ownVisit(ctx: AppContext, session: PatientSessionRow, id: string): Promise<{ row: RequestRow; org: OrganizationRow }> {
  if (!isUuid(id)) throw visitNotFound();
  const [row] = await requestsOf(ctx.db, session, id);
  if (!row || !row.scheduledFor || (row.status !== 'scheduled' && row.status !== 'canceled')) throw visitNotFound();
  if (row.status !== 'scheduled') throw conflict('This visit was canceled, so it can no longer be changed here.', 'visit_canceled', { status: row.status });
  if (row.scheduledFor.getTime() <= ctx.clock.now().getTime()) throw conflict('The time of this visit has come, so it can no longer be changed here. Call the practice.', 'visit_started', { status: row.status });
  return { row, org: await loadPublicPracticeById(ctx.db, row.organizationId) };
}

const whenOf = (row: RequestRow, org: OrganizationRow, now: Date) =>
  formatVisitTime(row.scheduledFor!.getTime(), org.timeZone, { country: typeof org.address.country === 'string' ? org.address.country : null, nowMs: now.getTime() });

/** The visit as a calendar file the patient saves (the same file the confirmation e-mail carries). */
export async function visitCalendarFile(ctx: AppContext, session: PatientSessionRow, id: string): Promise<{ filename: string; content: string }> {
  if (!isUuid(id)) throw visitNotFound();
  const [row] = await requestsOf(ctx.db, session, id);
  if (!row || row.status !== 'scheduled' || !row.scheduledFor) throw visitNotFound();
  const org = await loadPublicPracticeById(ctx.db, row.organizationId);
  return { filename: visitCalendarFilename(row), content: visitCalendar(row, org, ctx.baseUrl, row.locale.startsWith('es') ? 'es' : 'en') };
}

/**
 * The patient cancels their scheduled visit: the request becomes canceled (one conditional
 * UPDATE, so a change by the practice at the same moment wins or loses cleanly), and the front
 * desk gets a call-back handoff to free the slot — the queue is where staff see changes.
 */
export async function cancelVisit(ctx: AppContext, session: PatientSessionRow, id: string, reason: string, ip: string): Promise<void> {
  const { row, org } = await ownVisit(ctx, session, id);
  // A visit booked on the clinician's calendar frees its time at once (portal-bookings.service.ts).
  const booked = (await bookedVisitsOf(ctx, [row])).get(id);
  if (booked) return cancelBookedVisit(ctx, session, { row, org }, booked, reason, ip);
  const now = ctx.clock.now();
  const when = whenOf(row, org, now);
  const done = await ctx.db.transaction(async (tx) => {
    const canceled = await cancelScheduledByPatient(tx, id, reason || null, now);
    if (!canceled) return false;
    await resolveHandoffsOfRequest(ctx, tx, id, 'canceled_by_patient', null, 'The patient canceled the visit in the portal.');
    await createHandoff(ctx, tx, {
      organizationId: row.organizationId,
      type: 'callback',
      priority: 'normal',
      source: 'portal',
      reason: `Visit on ${when} canceled by the patient in the portal${reason ? `: “${reason}”` : ''}. Free the slot.`,
      appointmentRequestId: id,
      patientId: row.patientId,
      contactName: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
      contactPhone: row.phone,
      details: { kind: VISIT_CANCELED, scheduledFor: row.scheduledFor!.toISOString(), reason: reason || null },
      at: now,
    });
    await publishLive(tx, { topic: 'appointment-requests', organizationId: row.organizationId, type: 'updated', id, data: { status: 'canceled' } });
    await recordAudit(tx, { action: 'appointment_request.canceled', outcome: 'success', actor: { kind: 'patient', id: session.id }, organizationId: row.organizationId, recordType: 'appointment_request', recordId: id, ip, details: { from: 'scheduled', by: 'patient' } });
    return true;
  });
  if (!done) throw conflict('The practice changed this visit a moment ago. Reload to see it as it is now.', 'visit_changed');
}

/**
 * The patient asks for another time, in their own words: a handoff for the front desk on the
 * request (its card offers to schedule the visit again). The visit stands until they do. One ask
 * at a time: while one waits, another is refused (409) and the portal says it is waiting.
 */
export async function askForAnotherTime(ctx: AppContext, session: PatientSessionRow, id: string, message: string, ip: string): Promise<void> {
  const { row, org } = await ownVisit(ctx, session, id);
  const now = ctx.clock.now();
  const when = whenOf(row, org, now);
  await ctx.db.transaction(async (tx) => {
    const waiting = (await unresolvedHandoffsOfRequest(tx, id)).some((h) => (h.details as { kind?: string }).kind === ANOTHER_TIME);
    if (waiting) throw conflict('You already asked for another time. The practice will contact you.', 'already_asked');
    await createHandoff(ctx, tx, {
      organizationId: row.organizationId,
      type: 'appointment_request',
      priority: 'normal',
      source: 'portal',
      reason: `Asks for another time instead of ${when}: “${message}”`,
      appointmentRequestId: id,
      patientId: row.patientId,
      contactName: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
      contactPhone: row.phone,
      details: { kind: ANOTHER_TIME, scheduledFor: row.scheduledFor!.toISOString(), message },
      at: now,
    });
    await recordAudit(tx, { action: 'appointment_request.another_time_asked', outcome: 'success', actor: { kind: 'patient', id: session.id }, organizationId: row.organizationId, recordType: 'appointment_request', recordId: id, ip, details: { by: 'patient' } });
  });
}
