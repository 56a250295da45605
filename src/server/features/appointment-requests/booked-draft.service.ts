import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../audit/index.js';
import { bookHeldVisit, WEB_BOOKER, type RequestVisit } from '../calendars/index.js';
import { publishLive } from '../live/index.js';
import type { OrganizationRow } from '../organizations/index.js';
import { findOrCreatePatient } from '../patients/index.js';
import { findRequestById, lockDraft, saveSubmittedRequest, type AppointmentRequestRow } from './appointment-requests.repository.js';
import { draftFields } from './public-requests.fields.js';
import { newReferenceCode } from './reference-code.js';
import { notifyPatient } from './staff-notices.js';
import { insertRequestEvent, transitionIfVersion } from './staff-requests.repository.js';

/**
 * A web draft booked at the time its patient holds (issue 31 §4, decision 053). The draft becomes
 * the submitted request as any other does (the same row, so the draft cookie still finds it;
 * patient matched or made; source `web`), is scheduled at once for the hold's time, clinician and
 * place — its history says the patient submitted and booked it — and the hold is booked for the
 * same patient, linked to the request (booked_visits.appointment_request_id). Staff screens and the
 * portal then show an appointment like any scheduled one, and the calendar shows the visit. No
 * handoff is raised: nothing is left for the front desk to schedule. The patient is told as when
 * staff schedule a request (e-mail with the calendar file, a text when the number may take one).
 *
 * One transaction: when the time was taken meanwhile (the hold ran out and someone booked it), the
 * booking's 409 `slot_taken` leaves the draft a draft, with everything the patient typed. Null
 * when the draft was sent meanwhile (another tab): the caller answers with the request as it is.
 *
 * Written beside the phone agent's `bookHeldTimeForRequest` (branch agent-booking), which makes a
 * new request for a call; this one turns the web draft into the request.
 */
export async function bookDraftAtHeldTime(
  ctx: AppContext,
  draftId: string,
  org: OrganizationRow,
  hold: RequestVisit,
  ip: string,
): Promise<{ request: AppointmentRequestRow; visitId: string; notified: string[] } | null> {
  return ctx.db.transaction(async (tx) => {
    if (!(await lockDraft(tx, draftId))) return null;
    const draft = (await findRequestById(tx, draftId))!;
    const f = draftFields(draft);
    const now = ctx.clock.now();
    const details = { organizationId: org.id, firstName: f.firstName, lastName: f.lastName, dateOfBirth: f.dateOfBirth, phone: f.phone || null, email: f.email || null };
    const patientId = await findOrCreatePatient(tx, details, now);
    await saveSubmittedRequest(
      tx,
      {
        ...details,
        id: draftId,
        patientId,
        callId: null,
        source: 'web',
        referenceCode: newReferenceCode(),
        isNewPatient: f.isNewPatient,
        reason: f.reason,
        reasonOther: f.reason === 'other' ? f.reasonOther : null,
        preferences: draft.preferences,
        insurance: draft.insurance,
        notes: f.notes || null,
        consentToContact: f.consentToContact,
        locale: draft.locale,
        submittedAt: now,
      },
      { fromStatus: 'draft', actorType: 'patient' },
    );
    const submitted = (await findRequestById(tx, draftId))!;
    const minutes = Math.round((hold.endsAt.getTime() - hold.startsAt.getTime()) / 60_000);
    const scheduled = await transitionIfVersion(
      tx,
      draftId,
      submitted.version,
      ['submitted'],
      { status: 'scheduled', scheduledFor: hold.startsAt, visitMinutes: minutes, visitClinician: hold.clinicianName, visitLocation: hold.locationName },
      now,
    );
    if (!scheduled) throw new Error('A request saved in this transaction could not be scheduled.');
    await insertRequestEvent(tx, { appointmentRequestId: draftId, fromStatus: 'submitted', toStatus: 'scheduled', actorType: 'patient', note: 'Booked on the web at an open time of the calendar.', at: now });
    const { visit } = await bookHeldVisit(
      { db: tx, clock: ctx.clock },
      org,
      hold,
      {
        patient: { firstName: f.firstName, lastName: f.lastName, dateOfBirth: f.dateOfBirth, phone: f.phone, email: f.email, isNewPatient: f.isNewPatient },
        patientId: null,
        appointmentRequestId: draftId,
        notes: '',
      },
      WEB_BOOKER,
    );
    const notified = await notifyPatient(tx, 'scheduled', scheduled, org, ctx.baseUrl, { now });
    await publishLive(tx, { topic: 'appointment-requests', organizationId: org.id, type: 'created', id: draftId });
    await recordAudit(tx, {
      action: 'appointment_request.booked',
      outcome: 'success',
      actor: { kind: 'patient', label: 'web form' },
      organizationId: org.id,
      recordType: 'appointment_request',
      recordId: draftId,
      ip,
      details: { visitId: visit.id, minutes, notified: notified.length },
    });
    return { request: scheduled, visitId: visit.id, notified };
  });
}
