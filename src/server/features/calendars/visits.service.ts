import { Temporal } from 'temporal-polyfill';
import type { AppContext } from '../../app-context.js';
import { invalid } from '../../http/errors.js';
import type { StaffActor } from '../../policy/actor.js';
import type { HoldInput } from '../../../contracts/calendars.js';
import { dateAt, startOfDate } from '../../../domain/calendars/open-times.js';
import { recordPhiView } from '../audit/index.js';
import { isUuid, loadVisibleOrganization, type OrganizationRow } from '../organizations/index.js';
import { findVisitWithNames, listVisits, type BookedVisitRow, type VisitWithNames } from './booked-visits.repository.js';
import { changeVisitStatus, holdVisit, type Booker, type Booking } from './booking.service.js';
import { loadVisit } from './calendars.policy.js';
import { cliniciansOf, locationsOf } from './calendars.repository.js';

/**
 * The staff's side of booked visits: each call checks the organization (another organization's
 * visit is "not found"), books as `staff` (warned, not refused, outside the rules) and answers the
 * visit with the names the calendar shows. Opening one visit is a view of health information
 * and audited; the day and week lists are not, as the calls and handoff lists are not. Booking,
 * moving and canceling a visit carry a notice to the patient (and its request) along, so they live
 * in features/visit-changes, above this feature and appointment-requests.
 */

const staff = (actor: StaffActor): Booker => ({ channel: 'staff', actor });

export interface NamedBooking {
  organization: OrganizationRow;
  visit: VisitWithNames;
  warnings: Booking['warnings'];
}

async function named(ctx: AppContext, organization: OrganizationRow, booking: Booking | BookedVisitRow): Promise<NamedBooking> {
  const row = 'visit' in booking ? booking.visit : booking;
  const visit = (await findVisitWithNames(ctx.db, row.id))!;
  return { organization, visit, warnings: 'warnings' in booking ? booking.warnings : [] };
}

export async function holdForStaff(ctx: AppContext, actor: StaffActor, organizationId: string, input: HoldInput): Promise<NamedBooking> {
  const organization = await loadVisibleOrganization(ctx.db, actor, organizationId);
  return named(ctx, organization, await holdVisit(ctx, organization, input, staff(actor)));
}

export async function setStatusForStaff(ctx: AppContext, actor: StaffActor, visitId: string, input: { status: 'confirmed' | 'completed' | 'no_show'; version?: number }): Promise<NamedBooking> {
  const { organization, visit } = await loadVisit(ctx.db, actor, visitId);
  return named(ctx, organization, await changeVisitStatus(ctx, visit, input, staff(actor)));
}

export async function getVisitForStaff(ctx: AppContext, actor: StaffActor, visitId: string): Promise<NamedBooking> {
  const { organization, visit } = await loadVisit(ctx.db, actor, visitId);
  await recordPhiView(ctx.db, actor, { type: 'visit', id: visit.id, organizationId: organization.id });
  return named(ctx, organization, visit);
}

/** One day, or the week (Monday to Sunday) of a date, in the organization's zone; for a clinician or a location if asked. */
export async function listVisitsForStaff(
  ctx: AppContext,
  actor: StaffActor,
  organizationId: string,
  query: { date?: string; view: 'day' | 'week'; clinicianId?: string; locationId?: string },
): Promise<{ organization: OrganizationRow; fromDate: string; toDate: string; items: VisitWithNames[] }> {
  const organization = await loadVisibleOrganization(ctx.db, actor, organizationId);
  const zone = organization.timeZone;
  const now = ctx.clock.now();
  const date = Temporal.PlainDate.from(query.date ?? dateAt(zone, now.getTime()));
  const first = query.view === 'week' ? date.subtract({ days: date.dayOfWeek - 1 }) : date;
  const days = query.view === 'week' ? 7 : 1;
  const fields: Record<string, string> = {};
  if (query.clinicianId && !(isUuid(query.clinicianId) && (await cliniciansOf(ctx.db, organization.id, [query.clinicianId])).length === 1)) fields.clinicianId = 'Choose a clinician of this organization.';
  if (query.locationId && !(isUuid(query.locationId) && (await locationsOf(ctx.db, organization.id, [query.locationId])).length === 1)) fields.locationId = 'Choose a location of this organization.';
  if (Object.keys(fields).length) throw invalid(fields);
  const from = new Date(startOfDate(zone, first));
  const to = new Date(startOfDate(zone, first.add({ days })));
  const items = await listVisits(ctx.db, organization.id, from, to, now, { clinicianId: query.clinicianId, locationId: query.locationId });
  return { organization, fromDate: first.toString(), toDate: first.add({ days: days - 1 }).toString(), items };
}
