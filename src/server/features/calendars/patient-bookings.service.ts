import type { HoldInput } from '../../../contracts/calendars.js';
import { HOLD_RELEASED_REASON, WEB_HOLD_MINUTES } from '../../../domain/calendars/visits.js';
import { recordAudit } from '../audit/index.js';
import type { OrganizationRow } from '../organizations/index.js';
import { latestHoldOfRequest, releaseHoldsOfRequest, transitionVisit, type BookedVisitRow, type RequestVisit } from './booked-visits.repository.js';
import { holdVisit, moveBookedVisit, type Booker, type BookingContext } from './booking.service.js';
import { cliniciansDoing, listVisitTypes, type ClinicianRow, type VisitTypeRow } from './calendars.repository.js';

/**
 * The patient's side of the calendar (issue 31 §4, decision 055): the visit types a practice books
 * on the web, a hold made for an appointment request (the web draft, or a booked request being
 * moved in the portal), and moving a booked visit into a time its patient holds. Every write goes
 * through booking.service as a `web` booker — refused, never warned, outside the practice's rules —
 * and the exclusion constraint still decides who gets a time.
 */

export const WEB_BOOKER: Booker = { channel: 'web', actor: null };

/** Why a hold a visit was moved into is closed (its time now belongs to the visit). */
const MOVED_INTO_VISIT = 'moved_into_visit';

export interface WebVisitType {
  visitType: VisitTypeRow;
  /** Active clinicians who do it, by name: "first available" looks in this order. */
  clinicians: ClinicianRow[];
}

/** The organization's visit types in use and bookable on the web, each with at least one clinician doing it. */
export async function webVisitTypes(ctx: BookingContext, organizationId: string): Promise<WebVisitType[]> {
  const types = (await listVisitTypes(ctx.db, organizationId)).filter((v) => v.active && v.channels.includes('web'));
  const withClinicians = await Promise.all(types.map(async (visitType) => ({ visitType, clinicians: await cliniciansDoing(ctx.db, organizationId, visitType.id) })));
  return withClinicians.filter((t) => t.clinicians.length > 0);
}

export interface RequestHold {
  hold: RequestVisit;
  /** Its time is up: booking it still works if nobody took the time meanwhile. */
  expired: boolean;
}

/** The newest hold made for a request, and whether its time is up. */
export async function holdOfRequest(ctx: BookingContext, organizationId: string, appointmentRequestId: string): Promise<RequestHold | null> {
  const hold = await latestHoldOfRequest(ctx.db, organizationId, appointmentRequestId);
  if (!hold) return null;
  const expired = hold.status !== 'held' || (hold.heldUntil?.getTime() ?? 0) <= ctx.clock.now().getTime();
  return { hold, expired };
}

/**
 * Holds a time for a request for WEB_HOLD_MINUTES, giving up the request's earlier holds in the
 * same transaction: when the new time is refused (taken meanwhile, not open), the earlier hold
 * stands as it was.
 */
export async function holdForRequest(
  ctx: BookingContext,
  organization: OrganizationRow,
  input: Pick<HoldInput, 'visitTypeId' | 'clinicianId' | 'start'>,
  appointmentRequestId: string,
): Promise<RequestHold> {
  const held = await ctx.db.transaction(async (tx) => {
    const inTx = { db: tx, clock: ctx.clock };
    await release(inTx, organization.id, appointmentRequestId);
    const { visit } = await holdVisit(inTx, organization, { ...input, locationId: null, patient: null, notes: '' }, WEB_BOOKER, { appointmentRequestId, minutes: WEB_HOLD_MINUTES });
    return visit;
  });
  const found = await holdOfRequest(ctx, organization.id, appointmentRequestId);
  if (!found || found.hold.id !== held.id) throw new Error('holdForRequest: the hold just made is not the request’s newest');
  return found;
}

/** Gives up a request's live holds (the patient asked to be called instead); their time is free at once. */
export async function releaseRequestHolds(ctx: BookingContext, organizationId: string, appointmentRequestId: string): Promise<number> {
  return ctx.db.transaction(async (tx) => (await release({ db: tx, clock: ctx.clock }, organizationId, appointmentRequestId)).length);
}

async function release(ctx: BookingContext, organizationId: string, appointmentRequestId: string): Promise<BookedVisitRow[]> {
  const released = await releaseHoldsOfRequest(ctx.db, organizationId, appointmentRequestId, HOLD_RELEASED_REASON, ctx.clock.now());
  for (const row of released) {
    await recordAudit(ctx.db, {
      action: 'visit.released',
      outcome: 'success',
      actor: { kind: 'system', label: 'web booking' },
      organizationId,
      recordType: 'visit',
      recordId: row.id,
      details: { channel: 'web', clinicianId: row.clinicianId, start: row.startsAt.toISOString() },
    });
  }
  return released;
}

/**
 * Moves a booked visit into the time its patient holds for it (the portal's "choose another
 * time"), in one transaction: the hold is closed and the visit takes its time — at once, so nobody
 * can take the time between the two. A hold that ran out still works if the time is free; otherwise
 * 409 slot_taken with the next times (moveBookedVisit).
 */
export async function moveVisitToHold(ctx: BookingContext, organization: OrganizationRow, visit: BookedVisitRow, hold: BookedVisitRow, booker: Booker = WEB_BOOKER): Promise<BookedVisitRow> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    if (hold.status === 'held') await transitionVisit(tx, hold.id, ['held'], undefined, { status: 'canceled', cancelReason: MOVED_INTO_VISIT, canceledAt: now, updatedAt: now });
    const { visit: moved } = await moveBookedVisit(
      { db: tx, clock: ctx.clock },
      organization,
      visit,
      { start: hold.startsAt.toISOString(), clinicianId: hold.clinicianId, locationId: hold.locationId, version: undefined },
      booker,
    );
    return moved;
  });
}
