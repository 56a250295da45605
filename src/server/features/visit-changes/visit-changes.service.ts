import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import type { StaffActor } from '../../policy/actor.js';
import type { BookHoldInput, BookInput, MoveVisitInput } from '../../../contracts/calendars.js';
import { cancelScheduledByPatient, cancelScheduledWithVisit, findRequest, moveScheduledWithVisit, SIMULATED_CALL_NOTE, type VisitChanger } from '../appointment-requests/index.js';
import { bookHeldVisit, bookVisit, cancelVisit, findVisitWithNames, loadVisit, moveBookedVisit, type BookedVisitRow, type Booker, type Booking, type VisitWithNames } from '../calendars/index.js';
import { loadVisibleOrganization, type OrganizationRow } from '../organizations/index.js';
import { sendVisitNotice } from './visit-notices.js';

/**
 * A booked visit moved or canceled, with everything that follows it (issue 31 follow-ups): the
 * appointment request it was booked for follows — moved with it, or canceled as staff cancel one —
 * and the patient is told, as a booking tells them. A visit with a scheduled request is told
 * through the request (reference, portal, calendar file); one without, from the visit's own
 * e-mail and number. All in one transaction with the change itself.
 *
 * Who changes it: staff on the calendar (the routes here), an EHR through the FHIR API (as the
 * front desk would, under the web's booking rules: decision 051), or the patient by phone (the
 * agent's move_visit and cancel_visit tools, in the turn's transaction). A patient canceling by
 * phone is not sent a notice: they just said so, as in the portal. Staff booking on the calendar
 * is here too: its confirmation is the same kind of notice.
 */

export interface ChangedVisit {
  organization: OrganizationRow;
  visit: VisitWithNames;
  warnings: Booking['warnings'];
  /** The outbox messages that tell the patient. */
  notified: string[];
}

/**
 * Staff book a visit on the calendar for a patient (warned, not refused, outside the rules:
 * decision 050), and the patient is sent the confirmation a booking by the agent or on the web
 * sends — e-mail with the calendar file, a text when the number may take one — in the visit's own
 * words, since it has no request; one transaction, so a refused time sends nothing.
 */
export async function bookVisitForStaff(ctx: AppContext, actor: StaffActor, organizationId: string, input: BookInput): Promise<ChangedVisit> {
  const organization = await loadVisibleOrganization(ctx.db, actor, organizationId);
  return ctx.db.transaction(async (tx) => confirmed(ctx, tx, organization, await bookVisit({ db: tx, clock: ctx.clock }, organization, input, { channel: 'staff', actor })));
}

/** Staff book a time they held (with the patient's details now, unless the hold has them); the patient is told as above. */
export async function bookHoldForStaff(ctx: AppContext, actor: StaffActor, visitId: string, input: BookHoldInput): Promise<ChangedVisit> {
  const { organization, visit } = await loadVisit(ctx.db, actor, visitId);
  return ctx.db.transaction(async (tx) => confirmed(ctx, tx, organization, await bookHeldVisit({ db: tx, clock: ctx.clock }, organization, visit, input, { channel: 'staff', actor })));
}

async function confirmed(ctx: AppContext, tx: DbOrTx, organization: OrganizationRow, booking: Booking): Promise<ChangedVisit> {
  const visit = (await findVisitWithNames(tx, booking.visit.id))!;
  const notified = await sendVisitNotice(tx, 'booked', organization, visit, ctx.clock.now());
  return { organization, visit, warnings: booking.warnings, notified };
}

/** Staff move a visit on the calendar (warned, not refused, outside the rules: decision 050). */
export async function moveVisitForStaff(ctx: AppContext, actor: StaffActor, visitId: string, input: MoveVisitInput): Promise<ChangedVisit> {
  const { organization, visit } = await loadVisit(ctx.db, actor, visitId);
  return moveVisitAndFollow(ctx, organization, visit, input, { channel: 'staff', actor });
}

/** Staff cancel a visit (or a hold) on the calendar; its time is free at once. */
export async function cancelVisitForStaff(ctx: AppContext, actor: StaffActor, visitId: string, input: { reason: string; version?: number }): Promise<ChangedVisit> {
  const { organization, visit } = await loadVisit(ctx.db, actor, visitId);
  return cancelVisitAndFollow(ctx, organization, visit, input, { channel: 'staff', actor });
}

/** Who changes a visit with what follows: staff on the calendar, or an EHR with an API key (FHIR, decision 051: the web's rules). */
export type VisitChangeBooker = Booker & { actor: StaffActor };

/** A visit moved by `booker` (under its channel's rules), then what follows it — one transaction. */
export async function moveVisitAndFollow(ctx: AppContext, organization: OrganizationRow, visit: BookedVisitRow, input: MoveVisitInput, booker: VisitChangeBooker): Promise<ChangedVisit> {
  return ctx.db.transaction(async (tx) => {
    const booking = await moveBookedVisit({ db: tx, clock: ctx.clock }, organization, visit, input, booker);
    const moved = (await findVisitWithNames(tx, booking.visit.id))!;
    const notified = await followMove(ctx, tx, organization, moved, { kind: 'staff', actor: booker.actor });
    return { organization, visit: moved, warnings: booking.warnings, notified };
  });
}

/** A visit (or a hold) canceled by `booker`, then what follows it — one transaction; its time is free at once. */
export async function cancelVisitAndFollow(ctx: AppContext, organization: OrganizationRow, visit: BookedVisitRow, input: { reason: string; version?: number }, booker: VisitChangeBooker): Promise<ChangedVisit> {
  return ctx.db.transaction(async (tx) => {
    const row = await cancelVisit({ db: tx, clock: ctx.clock }, visit, input, booker);
    const canceled = (await findVisitWithNames(tx, row.id))!;
    // A hold was never the patient's visit: nothing to tell, no request to cancel.
    const notified = visit.status === 'held' ? [] : await followCancel(ctx, tx, organization, canceled, input.reason || null, { kind: 'staff', actor: booker.actor });
    return { organization, visit: canceled, warnings: [], notified };
  });
}

/**
 * What follows a visit that moved (already moved, in `tx`): its scheduled request moves with it and
 * tells the patient; without one, the patient is told from the visit.
 */
export async function followMove(ctx: AppContext, tx: DbOrTx, organization: OrganizationRow, visit: VisitWithNames, by: VisitChanger): Promise<string[]> {
  if (visit.appointmentRequestId) {
    const followed = await moveScheduledWithVisit(ctx, tx, organization, visit.appointmentRequestId, { at: visit.startsAt, clinician: visit.clinicianName, location: visit.locationName }, by);
    if (followed) return followed.notified;
  }
  return sendVisitNotice(tx, 'moved', organization, visit, ctx.clock.now(), by.kind === 'caller' && by.simulated ? SIMULATED_CALL_NOTE : undefined);
}

/**
 * What follows a visit that was canceled (already canceled, in `tx`). By staff: its scheduled
 * request is canceled as staff cancel one, and the patient is told. By the patient on the phone:
 * the request is canceled as the patient cancels one, and nothing is sent.
 */
export async function followCancel(ctx: AppContext, tx: DbOrTx, organization: OrganizationRow, visit: VisitWithNames, reason: string | null, by: VisitChanger): Promise<string[]> {
  const request = visit.appointmentRequestId ? await findRequest(tx, visit.appointmentRequestId) : undefined;
  if (by.kind === 'caller') {
    if (request) await cancelScheduledByPatient(tx, request.id, reason, ctx.clock.now());
    return [];
  }
  const followed = request ? await cancelScheduledWithVisit(ctx, tx, organization, request, reason, by.actor) : undefined;
  if (followed) return followed.notified;
  return sendVisitNotice(tx, 'canceled', organization, visit, ctx.clock.now());
}
