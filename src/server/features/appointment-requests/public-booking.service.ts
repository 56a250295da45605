import { Temporal } from 'temporal-polyfill';
import type { AppContext } from '../../app-context.js';
import type { BookedVisitView, BookingOptionsResponse, HeldTimeView, HoldTimeInput, PublicOpenTimesResponse } from '../../../contracts/public-booking.js';
import { dateAt } from '../../../domain/calendars/open-times.js';
import { WEB_HOLD_MINUTES } from '../../../domain/calendars/visits.js';
import { practiceCountry } from '../../../domain/format/clock.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { patientInvalid } from '../../http/patient-scope.js';
import { recordAudit } from '../audit/index.js';
import { holdForRequest, holdOfRequest, presentTime, releaseRequestHolds, searchOpenTimes, visitsOfRequests, WEB_BOOKER, webVisitTypes, type RequestHold, type RequestVisit, type WebVisitType } from '../calendars/index.js';
import { isUuid, type OrganizationRow } from '../organizations/index.js';
import { loadPublicPractice, publicSettings } from '../public-practices/index.js';
import { bookHeldTimeForRequest } from './booked-request.service.js';
import type { SubmittedRequest } from './request-submission.service.js';
import { columnsOf, completeness, draftFields } from './public-requests.fields.js';
import { updateDraft } from './public-requests.repository.js';
import { draftNotFound, loadByToken } from './public-requests.service.js';
import { visitCalendar, visitCalendarFilename } from './visit-calendar.js';

/**
 * A patient books a time on the web (issue 31 §4, decision 055), beside the request flow of
 * public-requests.service.ts: the practice's visit types booked online and their open times, a
 * time held for the draft (the hold names the draft as its appointment request), and the draft
 * booked at that time — a scheduled request and a booked visit, one transaction
 * (booked-request.service.ts, as the phone agent books). Visit types not booked on the web, and patients who would rather be
 * called, go through the request flow unchanged.
 */

const requestsDisabled = () => conflict('This practice does not take appointment requests online. Please call the practice.', 'requests_disabled');
const alreadySubmitted = () => conflict('This request was already sent.', 'already_submitted');
const MINUTE_MS = 60_000;

const localMinute = (ms: number, zone: string) => Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).toPlainDateTime().toString({ smallestUnit: 'minute' });
const addDays = (date: string, days: number) => Temporal.PlainDate.from(date).add({ days }).toString();

/** The practice's visit types booked on the web; none while it takes no requests online. */
async function webTypesOf(ctx: AppContext, org: OrganizationRow): Promise<WebVisitType[]> {
  return publicSettings(org).requestsEnabled ? webVisitTypes(ctx, org.id) : [];
}

export async function bookingOptions(ctx: AppContext, slug: string): Promise<BookingOptionsResponse> {
  const org = await loadPublicPractice(ctx.db, slug);
  const types = await webTypesOf(ctx, org);
  return {
    timeZone: org.timeZone,
    holdMinutes: WEB_HOLD_MINUTES,
    visitTypes: types.map(({ visitType: v, clinicians }) => ({
      id: v.id,
      nameEn: v.nameEn,
      nameEs: v.nameEs,
      lengthMinutes: v.lengthMinutes,
      newPatientsAllowed: v.newPatientsAllowed,
      maxDaysAhead: v.maxDaysAhead,
      clinicians: clinicians.map((c) => ({ id: c.id, name: c.name, title: c.title })),
    })),
  };
}

/** One of the practice's web visit types, and the clinician asked for (if any); otherwise a message key per field. */
async function webChoice(ctx: AppContext, org: OrganizationRow, visitTypeId: string, clinicianId: string | undefined) {
  const type = isUuid(visitTypeId) ? (await webTypesOf(ctx, org)).find((t) => t.visitType.id === visitTypeId) : undefined;
  if (!type) throw patientInvalid({ visitTypeId: 'unknown' });
  const clinician = clinicianId ? type.clinicians.find((c) => c.id === clinicianId) : null;
  if (clinician === undefined) throw patientInvalid({ clinicianId: 'unknown' });
  return { ...type, clinician };
}

/** Open times of a web visit type over `days` dates from `from` (today by default), in the practice's zone. */
export async function publicOpenTimes(ctx: AppContext, slug: string, q: { visitTypeId: string; clinicianId?: string; from?: string; days: number }): Promise<PublicOpenTimesResponse> {
  const org = await loadPublicPractice(ctx.db, slug);
  return openTimesOf(ctx, org, await webChoice(ctx, org, q.visitTypeId, q.clinicianId || undefined), q);
}

/** Open times of a visit type for a patient (the request page, and moving a visit in the portal). */
export async function openTimesOf(
  ctx: AppContext,
  org: OrganizationRow,
  choice: WebVisitType & { clinician: WebVisitType['clinicians'][number] | null },
  q: { from?: string; days: number },
): Promise<PublicOpenTimesResponse> {
  const now = ctx.clock.now();
  const zone = org.timeZone;
  const v = choice.visitType;
  const today = dateAt(zone, now.getTime());
  const firstDate = dateAt(zone, now.getTime() + v.minNoticeMinutes * MINUTE_MS);
  const lastDate = addDays(today, v.maxDaysAhead);
  const from = q.from && q.from > today ? q.from : today;
  const to = addDays(from, q.days - 1);
  const base = { timeZone: zone, visitTypeId: v.id, from, to, firstDate, lastDate };
  if (from > lastDate) return { ...base, times: [], truncated: false };
  const answer = await searchOpenTimes(ctx.db, org, v, { fromDate: from, days: q.days, clinician: choice.clinician, stepMinutes: 15, limit: 500 }, now);
  return { ...base, times: answer.times.map((t) => presentTime(t, zone)), truncated: answer.truncated };
}

export function presentHold(h: RequestHold, zone: string): HeldTimeView {
  const v = h.hold;
  return {
    visitType: { id: v.visitTypeId, nameEn: v.visitTypeNameEn, nameEs: v.visitTypeNameEs, lengthMinutes: v.visitTypeLength, newPatientsAllowed: v.visitTypeNewPatients },
    clinician: { id: v.clinicianId, name: v.clinicianName },
    location: { id: v.locationId, name: v.locationName, address: v.locationAddress },
    start: v.startsAt.toISOString(),
    end: v.endsAt.toISOString(),
    startLocal: localMinute(v.startsAt.getTime(), zone),
    timeZone: zone,
    heldUntil: (v.heldUntil ?? v.canceledAt ?? v.updatedAt).toISOString(),
    expired: h.expired,
  };
}

/**
 * The calendar's refusals of a patient's pick, as message keys of the patient pages: the choice was
 * checked above, so what is left is a time that does not resolve (a skipped wall time, seconds).
 */
export function asPatientFields(err: unknown): unknown {
  if (!(err instanceof AppError) || err.code !== 'validation_failed' || !err.extra.fields) return err;
  const keys: Record<string, string> = {};
  for (const field of Object.keys(err.extra.fields)) keys[field] = field === 'start' ? 'format' : 'unknown';
  return patientInvalid(keys);
}

async function loadOpenDraft(ctx: AppContext, token: string | undefined) {
  const loaded = await loadByToken(ctx, token);
  if (loaded.row.status !== 'draft') throw alreadySubmitted();
  if (!publicSettings(loaded.org).requestsEnabled) throw requestsDisabled();
  return loaded;
}

/** The time held for this browser's draft (the newest, even run out), or null. */
export async function currentHold(ctx: AppContext, token: string | undefined): Promise<{ hold: HeldTimeView | null }> {
  const { row, org } = await loadByToken(ctx, token);
  if (row.status !== 'draft') return { hold: null };
  const held = await holdOfRequest(ctx, org.id, row.id);
  return { hold: held ? presentHold(held, org.timeZone) : null };
}

/**
 * Holds the picked time for the draft (giving up any time held before), for WEB_HOLD_MINUTES. A
 * visit type closed to new patients needs a patient who says they have been seen before (the
 * answer is saved in the draft, as step 1 would). When the draft has no reason yet and the practice
 * offers the visit type's name as one, that becomes the reason.
 */
export async function holdTime(ctx: AppContext, token: string | undefined, body: HoldTimeInput, locale: string): Promise<{ hold: HeldTimeView }> {
  const { row, org } = await loadOpenDraft(ctx, token);
  const choice = await webChoice(ctx, org, body.visitTypeId, body.clinicianId);
  const isNewPatient = body.isNewPatient === undefined || body.isNewPatient === null ? row.isNewPatient : body.isNewPatient;
  if (!choice.visitType.newPatientsAllowed && isNewPatient !== false) throw conflict('New patients book this visit through the front desk.', 'new_patients_not_booked');
  const reasons = publicSettings(org).visitReasons;
  const reason = row.reason ? undefined : reasons.find((r) => [choice.visitType.nameEn, choice.visitType.nameEs].some((n) => n.toLowerCase() === r.toLowerCase()));
  if (isNewPatient !== row.isNewPatient || reason) {
    const patch = { ...(isNewPatient !== row.isNewPatient ? { isNewPatient } : {}), ...(reason ? { reason } : {}) };
    await updateDraft(ctx.db, row.id, (current) => ({ ...columnsOf(patch, current, undefined), locale }), ctx.clock.now());
  }
  try {
    const held = await holdForRequest(ctx, org, { visitTypeId: choice.visitType.id, clinicianId: choice.clinician!.id, start: body.start }, row.id);
    return { hold: presentHold(held, org.timeZone) };
  } catch (err) {
    throw asPatientFields(err);
  }
}

/** The patient would rather be called: the draft's held time is given up, and the request goes on as one. */
export async function releaseHold(ctx: AppContext, token: string | undefined): Promise<{ hold: null }> {
  const { row, org } = await loadByToken(ctx, token);
  if (row.status === 'draft') await releaseRequestHolds(ctx, org.id, row.id);
  return { hold: null };
}

/**
 * Books the draft at its held time: the same checks as sending a request (every answer of both
 * steps), then one transaction (bookHeldTimeForRequest). A second call after it worked answers the
 * same request; a draft without a hold is 409 hold_not_found.
 */
export async function bookDraft(ctx: AppContext, token: string | undefined, honeypot: string | undefined, ip: string): Promise<{ referenceCode: string }> {
  const { row, org } = await loadByToken(ctx, token);
  if (row.status !== 'draft') return { referenceCode: row.referenceCode! };
  if (honeypot) {
    await recordAudit(ctx.db, { action: 'appointment_request.rejected', outcome: 'denied', actor: { kind: 'anonymous' }, organizationId: org.id, recordType: 'appointment_request', recordId: row.id, ip, details: { reason: 'honeypot' } });
    throw new AppError(400, 'rejected', 'We could not accept this request. Please call the practice.');
  }
  if (!publicSettings(org).requestsEnabled) throw requestsDisabled();
  const c = completeness(draftFields(row), { settings: publicSettings(org), timeZone: org.timeZone, now: ctx.clock.now() });
  const issues = { ...c.step1, ...c.step2 };
  if (Object.keys(issues).length) throw new AppError(400, 'validation_failed', 'Some answers are missing.', { fields: issues, steps: { step1: Object.keys(c.step1).length === 0, step2: Object.keys(c.step2).length === 0 } });
  const held = await holdOfRequest(ctx, org.id, row.id);
  if (!held) throw conflict('No time is held for this request. Choose a time again.', 'hold_not_found');
  const f = draftFields(row);
  try {
    const { request } = await ctx.db.transaction((tx) =>
      bookHeldTimeForRequest(ctx, tx, {
        organization: org,
        hold: held.hold,
        clinicianName: held.hold.clinicianName,
        locationName: held.hold.locationName,
        booker: WEB_BOOKER,
        firstName: f.firstName,
        lastName: f.lastName,
        dateOfBirth: f.dateOfBirth,
        phone: f.phone || null,
        isNewPatient: f.isNewPatient,
        reason: f.reason,
        reasonOther: f.reason === 'other' ? f.reasonOther : null,
        preferences: row.preferences as SubmittedRequest['preferences'],
        notes: f.notes || null,
        locale: row.locale,
        draft: { id: row.id, email: f.email || null, insurance: row.insurance, consentToContact: f.consentToContact, ip },
      }),
    );
    return { referenceCode: request.referenceCode! };
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'already_submitted')) throw err;
    // Sent meanwhile from another tab: answer that request.
    const again = await loadByToken(ctx, token);
    return { referenceCode: again.row.referenceCode! };
  }
}

export function presentBookedVisit(v: RequestVisit, org: OrganizationRow, calendarPath: string): BookedVisitView {
  const standing = v.status === 'booked' || v.status === 'confirmed';
  return {
    status: v.status === 'held' ? 'booked' : v.status,
    visitType: { id: v.visitTypeId, nameEn: v.visitTypeNameEn, nameEs: v.visitTypeNameEs, lengthMinutes: v.visitTypeLength },
    clinician: { name: v.clinicianName },
    location: { name: v.locationName, address: v.locationAddress },
    start: v.startsAt.toISOString(),
    end: v.endsAt.toISOString(),
    startLocal: localMinute(v.startsAt.getTime(), org.timeZone),
    timeZone: org.timeZone,
    country: practiceCountry(org.address),
    calendarPath: standing ? calendarPath : null,
  };
}

const SUBMITTED_CALENDAR = '/api/public/appointment-requests/submitted/visit.ics';

/** The visit this browser's request booked (the success page), or null for a request without one. */
export async function submittedVisit(ctx: AppContext, token: string | undefined): Promise<{ visit: BookedVisitView | null }> {
  const { row, org } = await loadByToken(ctx, token);
  if (row.status === 'draft') throw draftNotFound();
  const [visit] = await visitsOfRequests(ctx.db, [row.id]);
  return { visit: visit ? presentBookedVisit(visit, org, SUBMITTED_CALENDAR) : null };
}

/** The calendar file of that visit (the same file the confirmation e-mail carries). */
export async function submittedVisitCalendar(ctx: AppContext, token: string | undefined): Promise<{ filename: string; content: string }> {
  const { row, org } = await loadByToken(ctx, token);
  if (row.status !== 'scheduled' || !row.scheduledFor) throw notFound('That visit');
  return { filename: visitCalendarFilename(row), content: visitCalendar(row, org, ctx.baseUrl, row.locale.startsWith('es') ? 'es' : 'en') };
}
