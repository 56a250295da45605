import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { recordAudit } from '../audit/index.js';
import { bookHeldVisit, type BookedVisitRow, type Booker } from '../calendars/index.js';
import { publishLive } from '../live/index.js';
import type { OrganizationRow } from '../organizations/index.js';
import { findOrCreatePatient } from '../patients/index.js';
import { createHandoff, settleHandoffsOfAgentBooking } from '../handoff-records/index.js';
import { conflict } from '../../http/errors.js';
import { findRequestById, lockDraft, saveSubmittedRequest, type AppointmentRequestRow } from './appointment-requests.repository.js';
import { newReferenceCode } from './reference-code.js';
import type { SubmittedRequest } from './request-submission.service.js';
import { notifyPatient, SIMULATED_CALL_NOTE } from './staff-notices.js';
import { insertRequestEvent, transitionIfVersion } from './staff-requests.repository.js';

export interface HeldTimeBooking extends Omit<SubmittedRequest, 'organizationId' | 'source' | 'consentToContact' | 'email'> {
  organization: OrganizationRow;
  /** The hold being booked (the phone agent's, for this call). */
  hold: BookedVisitRow;
  /** Said and shown with the request, as a scheduler would have typed them. */
  clinicianName: string;
  locationName: string;
  /** On a simulated call (`booker.simulated`: the playground, the demo's history) the patient's notices are kept unsent. */
  booker: Booker;
  /**
   * A patient's booking on the web (issue 31 §4, decision 055): the draft that becomes this request
   * — the same row, so its cookie still finds it — with what they typed there that a call does not
   * give. Without it, a new request of the call (source `phone`).
   */
  draft?: { id: string; email: string | null; insurance: { carrier?: string; memberId?: string }; consentToContact: boolean; ip?: string };
}

export interface BookedRequest {
  request: AppointmentRequestRow;
  visit: BookedVisitRow;
  /** The outbox messages that tell the patient (e-mail, text). */
  notified: string[];
}

/**
 * A held time booked for a request made at that moment — the phone agent's direct booking (issue 31
 * §3, source `phone`, by the agent) or a web patient's draft sent with the time they hold (§4,
 * source `web`, the draft's own row and answers, by the patient; a draft sent meanwhile from
 * another tab is 409 already_submitted). The request is stored as every other is (patient matched
 * or created), then scheduled at once for the hold's time, clinician and place: its history shows
 * it submitted and scheduled, and its handoff is resolved as it is made, since nothing is left for
 * staff to schedule. The hold is then booked with the same patient and linked to the request
 * (booked_visits.appointment_request_id), so staff and the portal see an appointment like any other
 * and the calendar shows the visit.
 *
 * All of it is one savepoint of the caller's transaction (the agent's turn, the web's book
 * request): when the time was taken meanwhile, the booking's 409 `slot_taken` leaves neither the
 * request nor the visit (a draft stays a draft). The patient is told as when staff schedule a
 * request (e-mail with the calendar file when there is an address, a text when the number may
 * take one) — on a simulated call those stay in the outbox unsent, as the call-back notice is not
 * texted to a simulated caller.
 */
export async function bookHeldTimeForRequest(ctx: AppContext, tx: DbOrTx, input: HeldTimeBooking): Promise<BookedRequest> {
  const { organization, hold, draft } = input;
  const by = draft
    ? { actorType: 'patient' as const, source: 'web' as const, handoffSource: 'web' as const, who: 'Booked by the patient on the web', note: 'Booked on the web at an open time on the calendar.' }
    : { actorType: 'agent' as const, source: 'phone' as const, handoffSource: 'call' as const, who: 'Booked by the agent', note: 'Booked by phone at an open time on the calendar.' };
  return tx.transaction(async (sp) => {
    const now = ctx.clock.now();
    if (draft && !(await lockDraft(sp, draft.id))) throw conflict('This request was already sent.', 'already_submitted');
    const id = draft?.id ?? randomUUID();
    const email = draft?.email ?? null;
    const patientId = await findOrCreatePatient(sp, { organizationId: organization.id, firstName: input.firstName, lastName: input.lastName, dateOfBirth: input.dateOfBirth, phone: input.phone, email }, now);
    await saveSubmittedRequest(
      sp,
      {
        id,
        organizationId: organization.id,
        patientId,
        callId: input.callId ?? null,
        source: by.source,
        referenceCode: newReferenceCode(),
        firstName: input.firstName,
        lastName: input.lastName,
        dateOfBirth: input.dateOfBirth,
        phone: input.phone ?? null,
        email,
        isNewPatient: input.isNewPatient ?? null,
        reason: input.reason,
        reasonOther: input.reasonOther ?? null,
        preferences: input.preferences ?? {},
        insurance: draft?.insurance ?? {},
        notes: input.notes ?? null,
        consentToContact: draft?.consentToContact ?? true,
        locale: input.locale ?? 'en',
        submittedAt: now,
      },
      { fromStatus: draft ? 'draft' : null, actorType: by.actorType },
    );
    // A new row is at version 1; a draft at whatever its saves made it.
    const version = draft ? (await findRequestById(sp, id))!.version : 1;
    const minutes = Math.round((hold.endsAt.getTime() - hold.startsAt.getTime()) / 60_000);
    const scheduled = await transitionIfVersion(
      sp,
      id,
      version,
      ['submitted'],
      { status: 'scheduled', scheduledFor: hold.startsAt, visitMinutes: minutes, visitClinician: input.clinicianName || null, visitLocation: input.locationName || null },
      now,
    );
    if (!scheduled) throw new Error('A request saved in this transaction could not be scheduled.');
    await insertRequestEvent(sp, { appointmentRequestId: id, fromStatus: 'submitted', toStatus: 'scheduled', actorType: by.actorType, note: by.note, at: now });
    // Every request has its handoff (the queue's history, analytics' drill-down from the funnel):
    // this one is resolved as it is made and marked settled by the agent — nothing is left for
    // staff to do, so the call counts as contained, not handed off (decision 053).
    await createHandoff(ctx, sp, {
      organizationId: organization.id,
      type: 'appointment_request',
      priority: 'normal',
      source: by.handoffSource,
      reason: `${by.who}: ${input.firstName} ${input.lastName}, ${input.reason}, at an open time on the calendar.`,
      callId: input.callId ?? null,
      appointmentRequestId: id,
      patientId,
      contactPhone: input.phone ?? null,
      at: now,
    });
    await settleHandoffsOfAgentBooking(ctx, sp, id, `${by.who} at an open time on the calendar.`);
    // The same patient record (found by the same details), and the request the visit answers.
    const { visit } = await bookHeldVisit(
      { db: sp, clock: ctx.clock },
      organization,
      hold,
      {
        patient: { firstName: input.firstName, lastName: input.lastName, dateOfBirth: input.dateOfBirth, phone: input.phone ?? '', email: email ?? '', isNewPatient: input.isNewPatient ?? null },
        patientId: null,
        appointmentRequestId: id,
        notes: '',
      },
      input.booker,
    );
    const notified = await notifyPatient(sp, 'scheduled', scheduled, organization, ctx.baseUrl, { now, unsentBecause: input.booker.simulated ? SIMULATED_CALL_NOTE : undefined });
    await publishLive(sp, { topic: 'appointment-requests', organizationId: organization.id, type: 'created', id });
    await recordAudit(sp, {
      action: 'appointment_request.scheduled',
      outcome: 'success',
      actor: draft ? { kind: 'patient', label: 'web form' } : { kind: 'system', label: `${input.booker.channel} booking` },
      organizationId: organization.id,
      recordType: 'appointment_request',
      recordId: id,
      ...(draft?.ip ? { ip: draft.ip } : {}),
      details: { from: 'submitted', visitId: visit.id, minutes, notified: notified.length, ...(input.callId ? { callId: input.callId } : {}) },
    });
    return { request: scheduled, visit, notified };
  });
}
