import { Temporal } from 'temporal-polyfill';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { invalid } from '../../http/errors.js';
import type { StaffActor } from '../../policy/actor.js';
import type { OpenTimesSearch } from '../../../contracts/calendars.js';
import { checkSlot, dateAt, findOpenTimes, startOfDate, type ClinicianCalendar, type OpenTime, type SlotProblem, type VisitRules } from '../../../domain/calendars/open-times.js';
import type { BookingChannel } from '../../../domain/calendars/visits.js';
import type { Hours } from '../../../domain/time/index.js';
import { findHours, isUuid, loadVisibleOrganization, toHours, type OrganizationRow } from '../organizations/index.js';
import { busyRanges } from './booked-visits.repository.js';
import { cliniciansDoing, cliniciansOf, listAvailability, listExceptions, listLocations, listVisitTypes, locationsOf, visitTypeIdsOf, visitTypesOf, type ClinicianRow, type VisitTypeRow } from './calendars.repository.js';
import { toDateExceptions, toWeeklyRanges } from './clinicians.service.js';

/**
 * Open times of a visit type (domain/calendars/open-times.ts does the arithmetic): what the staff's
 * calendar, the phone agent and the booking checks read. Each search reads the organization's
 * hours, the clinicians' availability and exceptions over the window, and their busy time through
 * the exclusion constraint's index; nothing is cached (STYLE 15).
 */

const DAY_MS = 86_400_000;

export interface NamedOpenTime extends OpenTime {
  clinicianName: string;
  locationName: string;
}

export interface OpenTimesAnswer {
  organization: OrganizationRow;
  visitType: VisitTypeRow;
  fromDate: string;
  toDate: string;
  stepMinutes: number;
  times: NamedOpenTime[];
  truncated: boolean;
}

export const rulesOf = (v: VisitTypeRow): VisitRules => ({ lengthMinutes: v.lengthMinutes, bufferMinutes: v.bufferMinutes, minNoticeMinutes: v.minNoticeMinutes, maxDaysAhead: v.maxDaysAhead });

export async function hoursOf(db: DbOrTx, organization: OrganizationRow): Promise<Hours> {
  return toHours(organization.timeZone, await findHours(db, organization.id));
}

/**
 * The clinicians' calendars over [fromMs, toMs): weekly ranges, the exceptions of those dates, busy
 * time. A location marked not in use offers nothing: its weekly ranges are left out, and an
 * exception that puts the clinician there leaves them unavailable on its dates.
 */
export async function calendarsOf(
  db: DbOrTx,
  organization: Pick<OrganizationRow, 'id' | 'timeZone'>,
  clinicians: ClinicianRow[],
  fromMs: number,
  toMs: number,
  now: Date,
  exceptVisitId?: string,
): Promise<ClinicianCalendar[]> {
  const ids = clinicians.map((c) => c.id);
  const zone = organization.timeZone;
  const [weekly, exceptions, busy, places] = await Promise.all([
    listAvailability(db, ids),
    // A day either side: an exception's dates are the zone's, the window's bounds are instants.
    listExceptions(db, ids, dateAt(zone, fromMs - DAY_MS), dateAt(zone, toMs + DAY_MS)),
    busyRanges(db, ids, new Date(fromMs), new Date(toMs), now, exceptVisitId),
    ids.length ? listLocations(db, organization.id) : [],
  ]);
  const closed = new Set(places.filter((l) => !l.active).map((l) => l.id));
  return clinicians.map((c) => ({
    id: c.id,
    weekly: toWeeklyRanges(weekly.filter((r) => r.clinicianId === c.id && !closed.has(r.locationId))),
    exceptions: toDateExceptions(exceptions.filter((e) => e.clinicianId === c.id)).map((e) => (e.locationId && closed.has(e.locationId) ? { ...e, intervals: [] } : e)),
    busy: busy.filter((b) => b.clinicianId === c.id),
  }));
}

export interface SearchOptions {
  fromDate: string;
  days: number;
  /** Only this clinician; otherwise every active clinician who does the visit type, by name. */
  clinician?: ClinicianRow | null;
  locationId?: string | null;
  stepMinutes: number;
  limit: number;
  /** Every clinician's open starts (each start once per clinician), not "first available". */
  everyClinician?: boolean;
}

/**
 * Open times of a visit type for an organization, with the clinicians' and locations' names. For
 * callers that already checked who is asking (the staff route below; the phone agent, which knows
 * its organization from the number dialled).
 */
export async function searchOpenTimes(db: DbOrTx, organization: OrganizationRow, visitType: VisitTypeRow, options: SearchOptions, now: Date): Promise<OpenTimesAnswer> {
  const zone = organization.timeZone;
  const toDate = Temporal.PlainDate.from(options.fromDate)
    .add({ days: options.days - 1 })
    .toString();
  const clinicians = options.clinician ? [options.clinician] : await cliniciansDoing(db, organization.id, visitType.id);
  const fromMs = startOfDate(zone, options.fromDate);
  const toMs = startOfDate(zone, Temporal.PlainDate.from(toDate).add({ days: 1 })) + (visitType.lengthMinutes + visitType.bufferMinutes) * 60_000;
  const [hours, calendars] = await Promise.all([hoursOf(db, organization), calendarsOf(db, organization, clinicians, fromMs, toMs, now)]);
  const found = findOpenTimes({
    hours,
    nowMs: now.getTime(),
    fromDate: options.fromDate,
    toDate,
    visit: rulesOf(visitType),
    stepMinutes: options.stepMinutes,
    clinicians: calendars,
    locationId: options.locationId ?? null,
    limit: options.limit,
    everyClinician: options.everyClinician,
  });
  const times = await withNames(db, organization.id, clinicians, found.times);
  return { organization, visitType, fromDate: options.fromDate, toDate, stepMinutes: options.stepMinutes, times, truncated: found.truncated };
}

/** The next open times of the same visit type and clinician from `afterMs` on: what a refused booking offers instead. */
export async function nextOpenTimes(db: DbOrTx, organization: OrganizationRow, visitType: VisitTypeRow, clinician: ClinicianRow, afterMs: number, now: Date, count = 3): Promise<NamedOpenTime[]> {
  const fromDate = dateAt(organization.timeZone, Math.max(afterMs, now.getTime()));
  const answer = await searchOpenTimes(db, organization, visitType, { fromDate, days: 14, clinician, stepMinutes: 15, limit: 200 }, now);
  return answer.times.filter((t) => t.start > afterMs).slice(0, count);
}

/** What is wrong with `startMs` for the clinician, read from the same rows the search reads. */
export async function slotProblems(
  db: DbOrTx,
  organization: OrganizationRow,
  visitType: VisitTypeRow,
  clinician: ClinicianRow,
  startMs: number,
  now: Date,
  ignoreVisitId?: string,
): Promise<{ problems: SlotProblem[]; locationId: string | null }> {
  const span = (visitType.lengthMinutes + visitType.bufferMinutes) * 60_000;
  // A visit being moved does not stand in its own way (the move replaces its row).
  const [hours, [calendar]] = await Promise.all([hoursOf(db, organization), calendarsOf(db, organization, [clinician], startMs - span, startMs + span, now, ignoreVisitId)]);
  return checkSlot({ hours, nowMs: now.getTime(), visit: rulesOf(visitType), clinician: calendar! }, startMs);
}

async function withNames(db: DbOrTx, organizationId: string, clinicians: ClinicianRow[], times: OpenTime[]): Promise<NamedOpenTime[]> {
  const places = new Map((await locationsOf(db, organizationId, [...new Set(times.map((t) => t.locationId))])).map((l) => [l.id, l.name]));
  const names = new Map(clinicians.map((c) => [c.id, c.name]));
  return times.map((t) => ({ ...t, clinicianName: names.get(t.clinicianId) ?? '', locationName: places.get(t.locationId) ?? '' }));
}

// ---------------------------------------------------------------------------------------------
// The staff's search

export async function openTimesFor(ctx: AppContext, actor: StaffActor, organizationId: string, query: OpenTimesSearch): Promise<OpenTimesAnswer> {
  const organization = await loadVisibleOrganization(ctx.db, actor, organizationId);
  const visitType = await bookableVisitType(ctx.db, organization.id, query.visitTypeId, query.channel, 'visitTypeId');
  const clinician = query.clinicianId ? await clinicianFor(ctx.db, organization.id, query.clinicianId, visitType, 'clinicianId') : null;
  if (query.locationId && !(isUuid(query.locationId) && (await locationsOf(ctx.db, organization.id, [query.locationId])).length === 1)) {
    throw invalid({ locationId: 'Choose a location of this organization.' });
  }
  const now = ctx.clock.now();
  const fromDate = query.from ?? dateAt(organization.timeZone, now.getTime());
  return searchOpenTimes(ctx.db, organization, visitType, { fromDate, days: query.days, clinician, locationId: query.locationId ?? null, stepMinutes: query.stepMinutes, limit: query.limit }, now);
}

/**
 * The organization's visit types in use, however they are booked: the phone agent matches a
 * caller's reason against all of them (a reason that names a front-desk-only type is a request,
 * not another type's booking), then checks that the one it found is booked by phone.
 */
export async function visitTypesInUse(db: DbOrTx, organizationId: string): Promise<VisitTypeRow[]> {
  return (await listVisitTypes(db, organizationId)).filter((v) => v.active);
}

const CHANNEL_WORDS: Record<BookingChannel, string> = { phone: 'by phone', web: 'on the web', staff: 'by staff' };

/** The organization's visit type, in use and bookable through `channel`; otherwise a 400 on `field`. */
export async function bookableVisitType(db: DbOrTx, organizationId: string, id: string, channel: BookingChannel, field: string): Promise<VisitTypeRow> {
  const [visitType] = isUuid(id) ? await visitTypesOf(db, organizationId, [id]) : [];
  if (!visitType) throw invalid({ [field]: 'Choose a visit type of this organization.' });
  if (!visitType.active) throw invalid({ [field]: 'This visit type is not in use.' });
  if (!visitType.channels.includes(channel)) throw invalid({ [field]: `This visit type is not booked ${CHANNEL_WORDS[channel]}.` });
  return visitType;
}

/** The organization's clinician, in use and doing the visit type; otherwise a 400 on `field`. */
export async function clinicianFor(db: DbOrTx, organizationId: string, id: string, visitType: VisitTypeRow, field: string): Promise<ClinicianRow> {
  const [clinician] = isUuid(id) ? await cliniciansOf(db, organizationId, [id]) : [];
  if (!clinician) throw invalid({ [field]: 'Choose a clinician of this organization.' });
  if (!clinician.active) throw invalid({ [field]: 'This clinician is not taking visits.' });
  const types = (await visitTypeIdsOf(db, [clinician.id])).get(clinician.id) ?? [];
  if (!types.includes(visitType.id)) throw invalid({ [field]: `${clinician.name} does not do this visit type.` });
  return clinician;
}
