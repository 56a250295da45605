import type { AppContext } from '../../app-context.js';
import { invalid, notFound } from '../../http/errors.js';
import type { StaffActor } from '../../policy/actor.js';
import type { AppointmentSearchQuery, FhirAppointment, FhirAppointmentInput, FhirBundle, FhirJsonPatch } from '../../../contracts/fhir.js';
import type { VisitStatus } from '../../../domain/calendars/visits.js';
import { PATIENT_SYSTEM, visitStatusesFor } from '../../../domain/fhir/scheduling-codes.js';
import { readReference, readToken, valuesOf } from '../../../domain/fhir/search-params.js';
import { recordPhiView } from '../audit/index.js';
import { bookVisit, findVisit, findVisitWithNames, searchVisits, type BookedVisitRow } from '../calendars/index.js';
import { isUuid, loadVisibleOrganization, type OrganizationRow } from '../organizations/index.js';
import { cancelVisitAndFollow, type VisitChangeBooker } from '../visit-changes/index.js';
import { asFhir, bookingTarget, patientOfAppointment, slotOfAppointment } from './booking-input.js';
import { match, presentAppointment, searchBundle } from './fhir.presenter.js';
import { dateBounds, searchWindow, slotTarget, visitTypeIdsOf } from './slots.service.js';
import { visiblePractices } from './practices.service.js';

/**
 * Appointments: the visits on the key's organizations' calendars. Reading one is an audited view
 * of health information (it names a patient, by reference only); booking and canceling go through
 * the calendar's services as a booker on the web's rules (decision 051), which audit them.
 */

const DEFAULT_COUNT = 50;

export const apiBooker = (actor: StaffActor): VisitChangeBooker => ({ channel: 'web', actor });

/** A visit of an organization the actor may see, with it; otherwise 404 (never "forbidden"). */
export async function loadVisit(ctx: AppContext, actor: StaffActor, id: string): Promise<{ organization: OrganizationRow; visit: BookedVisitRow }> {
  const visit = isUuid(id) ? await findVisit(ctx.db, id) : undefined;
  if (!visit) throw notFound('That appointment');
  const organization = await loadVisibleOrganization(ctx.db, actor, visit.organizationId).catch(() => {
    throw notFound('That appointment');
  });
  return { organization, visit };
}

export async function presentVisitById(ctx: AppContext, organization: OrganizationRow, id: string): Promise<FhirAppointment> {
  return presentAppointment((await findVisitWithNames(ctx.db, id))!, organization.timeZone);
}

export async function readAppointment(ctx: AppContext, actor: StaffActor, id: string): Promise<FhirAppointment> {
  const { organization, visit } = await loadVisit(ctx, actor, id);
  await recordPhiView(ctx.db, actor, { type: 'visit', id: visit.id, organizationId: organization.id });
  return presentVisitById(ctx, organization, visit.id);
}

export async function searchAppointments(ctx: AppContext, actor: StaffActor, query: AppointmentSearchQuery, base: string, selfUrl: string): Promise<FhirBundle> {
  const practices = await visiblePractices(ctx, actor);
  const now = ctx.clock.now();
  const refs = [...valuesOf(query.actor), ...valuesOf(query.practitioner).map((v) => (v.includes('/') ? v : `Practitioner/${v}`)), ...valuesOf(query.location).map((v) => (v.includes('/') ? v : `Location/${v}`)), ...valuesOf(query.patient).map((v) => (v.includes('/') ? v : `Patient/${v}`))].map((r) => {
    const ref = readReference(r, ['Practitioner', 'Location', 'Patient']);
    if (!ref) throw invalid({ actor: 'Use Practitioner/<id>, Location/<id> or Patient/<id>.' });
    return ref;
  });
  for (const t of valuesOf(query['patient:identifier']).map(readToken)) {
    if (t.code && (t.system === null || t.system === PATIENT_SYSTEM)) refs.push({ type: 'Patient', id: t.code });
    else refs.push({ type: 'Patient', id: '' });
  }
  const ids = (type: string) => (refs.some((r) => r.type === type) ? refs.filter((r) => r.type === type).map((r) => r.id).filter(isUuid) : undefined);
  const statusValues = valuesOf(query.status);
  const statuses: VisitStatus[] | undefined = statusValues.length ? statusValues.flatMap(visitStatusesFor) : undefined;
  const bounds = dateBounds(query.date, 'date');
  const windowFor = searchWindow(bounds, 'date');
  // Without dates, every visit; with them, the window of each practice's days (its zone).
  const zoneWindows = bounds.length ? practices.map((p) => windowFor(p, now.getTime())) : [];
  const from = zoneWindows.length ? Math.min(...zoneWindows.map((w) => w.from)) : null;
  const to = zoneWindows.length ? Math.max(...zoneWindows.map((w) => w.to)) : null;
  const count = query._count ?? DEFAULT_COUNT;
  const offset = query._offset ?? 0;
  const idFilter = valuesOf(query._id);
  const rows = await searchVisits(
    ctx.db,
    {
      organizationIds: practices.map((p) => p.organization.id),
      ids: idFilter.length ? idFilter.filter(isUuid) : undefined,
      from: from === null ? null : new Date(from),
      to: to === null ? null : new Date(to),
      clinicianIds: ids('Practitioner'),
      locationIds: ids('Location'),
      patientIds: ids('Patient'),
      visitTypeIds: visitTypeIdsOf(query['service-type']) ?? undefined,
      statuses,
      limit: count,
      offset,
    },
    now,
  );
  const zones = new Map(practices.map((p) => [p.organization.id, p.organization.timeZone]));
  const page = rows.slice(0, count);
  const links = [{ relation: 'self', url: selfUrl }];
  if (rows.length > count) {
    const next = new URL(selfUrl);
    next.searchParams.set('_offset', String(offset + count));
    next.searchParams.set('_count', String(count));
    links.push({ relation: 'next', url: next.toString() });
  }
  const total = rows.length > count ? undefined : offset + page.length;
  return searchBundle(base, page.map((v) => match(presentAppointment(v, zones.get(v.organizationId)!))), total, links);
}

/** `POST Appointment`: books the free slot it names, for the patient it names. */
export async function createAppointment(ctx: AppContext, actor: StaffActor, input: FhirAppointmentInput): Promise<FhirAppointment> {
  if (!['booked', 'pending', 'proposed'].includes(input.status)) throw invalid({ 'Appointment.status': 'Create an Appointment as booked (or pending): it books the slot at once.' });
  return bookAppointment(ctx, actor, input, null);
}

/** Books the slot of an Appointment resource (POST, or IHE $book's `appointment-resource`). */
export async function bookAppointment(ctx: AppContext, actor: StaffActor, input: FhirAppointmentInput, patientFromParameters: ReturnType<typeof patientOfAppointment>, comment = ''): Promise<FhirAppointment> {
  const key = slotOfAppointment(input);
  const patient = patientOfAppointment(input) ?? patientFromParameters;
  if (!patient) throw invalid({ 'Appointment.participant': 'Name the patient: a Patient/<id> participant, or a contained Patient with name, birth date and phone or e-mail.' });
  const { practice } = await slotTarget(ctx, actor, key);
  const organization = practice.organization;
  const booking = await asFhir(key.visitTypeId, () =>
    bookVisit(ctx, organization, { ...bookingTarget(key, organization.timeZone), ...patient, appointmentRequestId: null, notes: comment || input.comment || '' }, apiBooker(actor)),
  );
  return presentVisitById(ctx, organization, booking.visit.id);
}

/**
 * Cancels an appointment (held, booked or confirmed); its slot is free again at once. As on the
 * staff's calendar (features/visit-changes), a scheduled request it was booked for is canceled with
 * it and the patient is told.
 */
export async function cancelAppointment(ctx: AppContext, actor: StaffActor, id: string, reason: string, version?: number): Promise<FhirAppointment> {
  const { organization, visit } = await loadVisit(ctx, actor, id);
  if (visit.status === 'canceled') return presentVisitById(ctx, organization, visit.id);
  await asFhir(visit.visitTypeId, () => cancelVisitAndFollow(ctx, organization, visit, { reason, version }, apiBooker(actor)));
  return presentVisitById(ctx, organization, visit.id);
}

/**
 * `PATCH Appointment/:id` (JSON Patch): the change the API makes is the cancellation —
 * `replace /status cancelled`, with an optional `test /meta/versionId` for "only if unchanged".
 */
export async function patchAppointment(ctx: AppContext, actor: StaffActor, id: string, patch: FhirJsonPatch): Promise<FhirAppointment> {
  let status: unknown;
  let version: number | undefined;
  let reason = '';
  patch.forEach((op, i) => {
    if ((op.op === 'replace' || op.op === 'add') && op.path === '/status') status = op.value;
    else if ((op.op === 'replace' || op.op === 'add') && op.path === '/cancelationReason') reason = String((op.value as { text?: unknown } | undefined)?.text ?? '').slice(0, 500);
    else if (op.op === 'test' && op.path === '/meta/versionId' && /^\d+$/.test(String(op.value))) version = Number(op.value);
    else throw invalid({ [`${i}`]: 'The API changes an appointment by `replace /status cancelled` (with `/cancelationReason` and `test /meta/versionId` if you like); anything else is not supported.' });
  });
  if (status !== 'cancelled') throw invalid({ '/status': 'Only cancelled can be set here: book a new appointment for another time.' });
  return cancelAppointment(ctx, actor, id, reason, version);
}
