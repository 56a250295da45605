import type { AppContext } from '../../app-context.js';
import { invalid, notFound } from '../../http/errors.js';
import type { StaffActor } from '../../policy/actor.js';
import { FhirAppointmentInput, FhirPatientInput, type FhirAppointment, type FhirBundle, type FhirParametersInput, type FindQuery } from '../../../contracts/fhir.js';
import { decodeSlotId } from '../../../domain/fhir/slot-id.js';
import { readDateBound, readReference, valuesOf, type DateBound } from '../../../domain/fhir/search-params.js';
import { bookHeldVisit, bookVisit, holdVisit } from '../calendars/index.js';
import { moveVisitAndFollow } from '../visit-changes/index.js';
import { isUuid } from '../organizations/index.js';
import { apiBooker, bookAppointment, cancelAppointment, loadVisit, presentVisitById } from './appointments.service.js';
import { asFhir, bookingTarget, patientByReference, patientFromResource, slotOfAppointment, type PatientChoice } from './booking-input.js';
import { match, presentProposal, searchBundle } from './fhir.presenter.js';
import { informationOutcome } from './operation-outcome.js';
import { visiblePractices } from './practices.service.js';
import { freeTimes, searchWindow, slotTarget, visitTypeIdsOf } from './slots.service.js';

/**
 * The IHE ITI Scheduling operations (ITI-115 `$find`, ITI-116 `$hold`, ITI-117 `$book`, with its
 * cancellation), with the profile's parameter names. `$find` answers proposed Appointments whose
 * ids are their Slots' ids, which `$hold` and `$book` take back as `appointment-reference`.
 */

const DEFAULT_FIND_COUNT = 20;
/** How many open times `$find` counts for `total` before it stops looking. */
const FIND_HORIZON = 1000;

type Parameter = FhirParametersInput['parameter'][number];
const named = (p: FhirParametersInput, name: string): Parameter[] => p.parameter.filter((x) => x.name === name);
const textOf = (x: Parameter): string | undefined => x.valueDateTime ?? x.valueInstant ?? x.valueDate ?? x.valueString ?? x.valueCode ?? x.valueUri ?? (x.valueCoding?.code ? `${x.valueCoding.system ?? ''}|${x.valueCoding.code}` : undefined);
const referenceOf = (x: Parameter): string | undefined => x.valueReference?.reference ?? x.valueString ?? x.valueUri;

/** `$find` inputs, from Parameters (POST) or the query (GET). */
export interface FindInput {
  start: string[];
  end: string[];
  visitTypes: string[];
  practitioners: string[];
  organizations: string[];
  locationReferences: string[];
  locationStrings: string[];
  count?: number;
}

export function findInputOfQuery(q: FindQuery): FindInput {
  return {
    start: valuesOf(q.start),
    end: valuesOf(q.end),
    visitTypes: valuesOf(q['visit-type']),
    practitioners: valuesOf(q.practitioner),
    organizations: valuesOf(q.organization),
    locationReferences: valuesOf(q['location-reference']),
    locationStrings: valuesOf(q['location-string']),
    count: q._count,
  };
}

export function findInputOfParameters(p: FhirParametersInput): FindInput {
  const texts = (name: string) => named(p, name).map(textOf).filter((v): v is string => Boolean(v));
  const refs = (name: string) => named(p, name).map(referenceOf).filter((v): v is string => Boolean(v));
  const count = named(p, '_count')[0];
  return {
    start: texts('start'),
    end: texts('end'),
    visitTypes: texts('visit-type'),
    practitioners: refs('practitioner'),
    organizations: refs('organization'),
    locationReferences: refs('location-reference'),
    locationStrings: texts('location-string'),
    count: count?.valueInteger ?? (count?.valueString ? Number(count.valueString) : undefined),
  };
}

function bound(prefix: 'ge' | 'le', values: string[], field: string): DateBound[] {
  if (values.length > 1) throw invalid({ [field]: 'Give one value.' });
  if (values.length === 0) return [];
  const b = readDateBound(values[0]!);
  if (!b || b.prefix !== 'eq') throw invalid({ [field]: 'Use a date-time with its offset (2026-03-02T08:00:00-05:00) or a date.' });
  return [{ prefix, value: b.value }];
}

/** ITI-115: open times as proposed Appointments, earliest first; `total` counts those found (up to 1,000). */
export async function findAppointments(ctx: AppContext, actor: StaffActor, input: FindInput, base: string): Promise<FhirBundle> {
  const count = input.count ?? DEFAULT_FIND_COUNT;
  if (!Number.isInteger(count) || count < 0 || count > 1000) throw invalid({ _count: 'Use 0 to 1000.' });
  const refs = (values: string[], type: string, field: string) =>
    values.map((v) => {
      const ref = readReference(v, [type]);
      if (!ref) throw invalid({ [field]: `Use ${type}/<id> of this server.` });
      return ref.id;
    });
  const practitioners = refs(input.practitioners, 'Practitioner', 'practitioner');
  const organizations = refs(input.organizations, 'Organization', 'organization');
  const locations = refs(input.locationReferences, 'Location', 'location-reference');
  let practices = await visiblePractices(ctx, actor);
  if (organizations.length) practices = practices.filter((p) => organizations.includes(p.organization.id));
  let locationIds: string[] | null = locations.length ? locations : null;
  if (input.locationStrings.length) {
    const words = input.locationStrings.map((w) => w.toLowerCase());
    const places = practices.flatMap((p) =>
      p.directory.locations.filter((l) => words.some((w) => [l.name, l.address, ...Object.values(p.organization.address as Record<string, string>)].join(' ').toLowerCase().includes(w))).map((l) => l.id),
    );
    locationIds = locationIds ? locationIds.filter((id) => places.includes(id)) : places;
  }
  const windowFor = searchWindow([...bound('ge', input.start, 'start'), ...bound('le', input.end, 'end')], 'start', 'now');
  const now = ctx.clock.now().getTime();
  const { times } = await freeTimes(ctx, {
    practices,
    windowOf: (p) => windowFor(p, now),
    visitTypeIds: visitTypeIdsOf(input.visitTypes.length ? input.visitTypes : undefined),
    clinicianIds: practitioners.length ? practitioners : null,
    locationIds,
    limit: FIND_HORIZON,
  });
  const entries = times.slice(0, count).map((f) => match(presentProposal(f.time, f.visitType, f.practice.organization.timeZone)));
  if (times.length >= FIND_HORIZON) entries.push({ resource: informationOutcome(`At least ${FIND_HORIZON} open times match: narrow the dates, visit type or practitioner.`), search: { mode: 'outcome' } });
  return searchBundle(base, entries, times.length);
}

/** A proposed Appointment read back by its id (the Slot's): while its time is still open. */
export async function readProposal(ctx: AppContext, actor: StaffActor, id: string): Promise<FhirAppointment> {
  const key = decodeSlotId(id);
  if (!key) throw notFound('That appointment');
  const { practice, visitType } = await slotTarget(ctx, actor, key);
  const { times } = await freeTimes(ctx, { practices: [practice], windowOf: () => ({ from: key.startMs, to: key.startMs + 60_000 }), visitTypeIds: [visitType.id], clinicianIds: [key.clinicianId], locationIds: null, limit: 1, stepMinutes: 5 });
  const open = times.find((t) => t.time.start === key.startMs);
  if (!open) throw notFound('That proposed appointment (its time is no longer open)');
  return presentProposal(open.time, visitType, practice.organization.timeZone);
}

function single(p: FhirParametersInput, name: string): Parameter | undefined {
  const list = named(p, name);
  if (list.length > 1) throw invalid({ [name]: 'Give this parameter once.' });
  return list[0];
}

/** The slot an `appointment-reference` names: a proposed Appointment (or Slot) id from `$find`. */
function slotOfReference(reference: string | undefined, field: string) {
  const ref = reference ? readReference(reference, ['Appointment', 'Slot']) : null;
  const key = ref ? decodeSlotId(ref.id) : null;
  if (!ref) throw invalid({ [field]: 'Give the reference of a proposed Appointment from $find (Appointment/<id>).' });
  return { ref, key };
}

const bundleOf = (base: string, appointment: FhirAppointment) => searchBundle(base, [match(appointment)], 1);

/** ITI-116: holds the proposed appointment's time for a few minutes (status pending). */
export async function holdAppointment(ctx: AppContext, actor: StaffActor, p: FhirParametersInput, base: string): Promise<FhirBundle> {
  const given = single(p, 'appointment-reference');
  if (!given) throw invalid({ 'appointment-reference': 'Give the proposed Appointment to hold (Appointment/<id> from $find).' });
  const { key } = slotOfReference(referenceOf(given), 'appointment-reference');
  if (!key) throw invalid({ 'appointment-reference': 'Give a proposed Appointment from $find: booked appointments are not held again.' });
  const { practice } = await slotTarget(ctx, actor, key);
  const organization = practice.organization;
  const booking = await asFhir(key.visitTypeId, () => holdVisit(ctx, organization, { ...bookingTarget(key, organization.timeZone), patient: null, notes: '' }, apiBooker(actor)));
  return bundleOf(base, await presentVisitById(ctx, organization, booking.visit.id));
}

/** The patient `$book` names outside the Appointment: `patient-resource` (or, leniently, `patient-reference`). */
function patientOfParameters(p: FhirParametersInput): PatientChoice {
  const resource = single(p, 'patient-resource');
  if (resource) {
    const parsed = FhirPatientInput.safeParse(resource.resource);
    if (!parsed.success) throw invalid({ 'patient-resource': 'Give a Patient resource.' });
    return { patientId: null, patient: patientFromResource(parsed.data, 'patient-resource') };
  }
  const reference = single(p, 'patient-reference');
  const ref = reference ? readReference(referenceOf(reference) ?? '', ['Patient']) : null;
  if (reference && !ref) throw invalid({ 'patient-reference': 'Use Patient/<id>.' });
  return ref ? patientByReference(ref.id, 'patient-reference') : null;
}

/**
 * ITI-117: books a proposed appointment (`appointment-reference` from $find), a held one
 * (`appointment-reference` Appointment/<id> from $hold), or an `appointment-resource` — status
 * pending (book it), booked with an id (move it to the Slot it names) or cancelled (cancel it).
 */
export async function bookAppointmentOperation(ctx: AppContext, actor: StaffActor, p: FhirParametersInput, base: string): Promise<FhirBundle> {
  const comment = single(p, 'comment')?.valueString ?? '';
  const patient = patientOfParameters(p);
  const given = single(p, 'appointment-reference');
  const resource = single(p, 'appointment-resource');
  if (given && resource) throw invalid({ 'appointment-reference': 'Give either appointment-reference or appointment-resource, not both.' });
  if (given) return bundleOf(base, await bookReference(ctx, actor, referenceOf(given), patient, comment));
  if (!resource) throw invalid({ 'appointment-reference': 'Give the appointment to book: appointment-reference (from $find or $hold) or appointment-resource.' });
  const parsed = FhirAppointmentInput.safeParse(resource.resource);
  if (!parsed.success) throw invalid(Object.fromEntries(parsed.error.issues.map((i) => [`appointment-resource.${i.path.join('.')}`, i.message])));
  const a = parsed.data;
  const existing = a.id && isUuid(a.id) ? a.id : null;
  if (a.status === 'cancelled') {
    if (!existing) throw invalid({ 'appointment-resource.id': 'Name the appointment to cancel by its id.' });
    return bundleOf(base, await cancelAppointment(ctx, actor, existing, comment));
  }
  if (a.status === 'booked' && existing) return bundleOf(base, await moveAppointment(ctx, actor, existing, a));
  if (a.status === 'pending' && existing) return bundleOf(base, await bookReference(ctx, actor, `Appointment/${existing}`, patient, comment));
  if (a.status === 'pending' || a.status === 'booked' || a.status === 'proposed') return bundleOf(base, await bookAppointment(ctx, actor, a, patient, comment));
  throw invalid({ 'appointment-resource.status': 'Use pending (book), booked with an id (move) or cancelled with an id (cancel).' });
}

async function bookReference(ctx: AppContext, actor: StaffActor, reference: string | undefined, patient: PatientChoice, comment: string): Promise<FhirAppointment> {
  const { ref, key } = slotOfReference(reference, 'appointment-reference');
  if (!key) {
    // A held appointment (from $hold): book it, with the patient given now.
    const { organization, visit } = await loadVisit(ctx, actor, ref.id);
    const booking = await asFhir(visit.visitTypeId, () =>
      bookHeldVisit(ctx, organization, visit, { patient: patient?.patient ?? null, patientId: patient?.patientId ?? null, appointmentRequestId: null, notes: comment }, apiBooker(actor)),
    );
    return presentVisitById(ctx, organization, booking.visit.id);
  }
  if (!patient) throw invalid({ 'patient-resource': 'Give the patient (patient-resource) to book a proposed appointment.' });
  const { practice } = await slotTarget(ctx, actor, key);
  const organization = practice.organization;
  const booking = await asFhir(key.visitTypeId, () => bookVisit(ctx, organization, { ...bookingTarget(key, organization.timeZone), ...patient, appointmentRequestId: null, notes: comment }, apiBooker(actor)));
  return presentVisitById(ctx, organization, booking.visit.id);
}

/** Moves a booked appointment to the slot (or start and practitioner) its resource now names; its request follows and the patient is told (features/visit-changes). */
async function moveAppointment(ctx: AppContext, actor: StaffActor, id: string, a: FhirAppointmentInput): Promise<FhirAppointment> {
  const { organization, visit } = await loadVisit(ctx, actor, id);
  const key = slotOfAppointment(a);
  if (key.visitTypeId !== visit.visitTypeId) throw invalid({ 'Appointment.serviceType': 'An appointment keeps its visit type: cancel it and book another.' });
  if (key.clinicianId === visit.clinicianId && key.startMs === visit.startsAt.getTime()) return presentVisitById(ctx, organization, visit.id);
  const target = bookingTarget(key, organization.timeZone);
  await asFhir(visit.visitTypeId, () => moveVisitAndFollow(ctx, organization, visit, { start: target.start, clinicianId: key.clinicianId, locationId: null }, apiBooker(actor)));
  return presentVisitById(ctx, organization, visit.id);
}

/** `GET Appointment/:id`: a visit by its id, or a proposed appointment (from $find) by its slot's. */
export async function readAnyAppointment(ctx: AppContext, actor: StaffActor, id: string, read: (ctx: AppContext, actor: StaffActor, id: string) => Promise<FhirAppointment>): Promise<FhirAppointment> {
  return isUuid(id) ? read(ctx, actor, id) : readProposal(ctx, actor, id);
}
