import { AppError, invalid } from '../../http/errors.js';
import { PatientInput } from '../../../contracts/calendars.js';
import type { FhirAppointmentInput, FhirPatientInput } from '../../../contracts/fhir.js';
import { decodeSlotId, encodeSlotId, type SlotKey } from '../../../domain/fhir/slot-id.js';
import { VISIT_TYPE_SYSTEM } from '../../../domain/fhir/scheduling-codes.js';
import { readReference } from '../../../domain/fhir/search-params.js';
import { isUuid } from '../organizations/index.js';
import { instantIn } from './fhir.presenter.js';

/**
 * Reading what a FHIR client sends into the calendar's terms: which slot (a Slot or proposed
 * Appointment id, or a start with a Practitioner and a visit type), which patient (a `Patient/<id>`
 * of the practice, or a Patient resource with name, birth date and phone or e-mail), and the
 * calendar's answers back into FHIR's: field names as FHIR paths, a taken slot with the slots
 * open instead.
 */

/** The slot an Appointment asks for: its `slot` reference, or `start` + a Practitioner participant + a visit type coding. */
export function slotOfAppointment(a: FhirAppointmentInput): SlotKey {
  const slotRef = a.slot?.[0]?.reference;
  if (slotRef) {
    const ref = readReference(slotRef, ['Slot', 'Appointment']);
    const key = ref ? decodeSlotId(ref.id) : null;
    if (!key) throw invalid({ 'Appointment.slot': 'Name a Slot of this server (Slot/<id> from a Slot search or $find).' });
    return key;
  }
  const practitioner = a.participant?.map((p) => (p.actor?.reference ? readReference(p.actor.reference, ['Practitioner']) : null)).find(Boolean);
  const coding = a.serviceType?.flatMap((c) => c.coding ?? []).find((c) => (c.system === undefined || c.system === VISIT_TYPE_SYSTEM) && c.code);
  const startMs = a.start ? Date.parse(a.start) : Number.NaN;
  const fields: Record<string, string> = {};
  if (!practitioner) fields['Appointment.participant'] = 'Name the clinician as a Practitioner participant, or give a slot.';
  if (!coding?.code || !isUuid(coding.code)) fields['Appointment.serviceType'] = `Give the visit type as a coding of ${VISIT_TYPE_SYSTEM}, or give a slot.`;
  if (!a.start || Number.isNaN(startMs) || !/(Z|[+-]\d{2}:\d{2})$/.test(a.start)) fields['Appointment.start'] = 'Give the start as an instant with its offset, or give a slot.';
  else if (startMs % 60_000 !== 0) fields['Appointment.start'] = 'Use a whole minute.';
  if (Object.keys(fields).length) throw invalid(fields);
  const key = { clinicianId: practitioner!.id, visitTypeId: coding!.code!, startMs };
  if (!isUuid(key.clinicianId)) throw invalid({ 'Appointment.participant': 'Name a Practitioner of this server.' });
  return key;
}

/** What `bookVisit` takes for a slot: the visit type, clinician and start (the place follows the clinician's hours). */
export function bookingTarget(key: SlotKey, zone: string) {
  return { visitTypeId: key.visitTypeId, clinicianId: key.clinicianId, locationId: null, start: instantIn(key.startMs, zone) };
}

export type PatientChoice = { patientId: string; patient: null } | { patientId: null; patient: PatientInput } | null;

/** The patient of an Appointment: a `Patient/<id>` participant, or a contained Patient it points at (`#id`). */
export function patientOfAppointment(a: FhirAppointmentInput): PatientChoice {
  for (const p of a.participant ?? []) {
    const ref = p.actor?.reference;
    if (!ref) continue;
    if (ref.startsWith('#')) {
      const contained = a.contained?.find((c) => c.resourceType === 'Patient' && (c as { id?: string }).id === ref.slice(1));
      if (!contained) throw invalid({ 'Appointment.participant': `No contained Patient has the id ${ref.slice(1)}.` });
      return { patientId: null, patient: patientFromResource(contained as FhirPatientInput, 'Appointment.contained') };
    }
    const patient = readReference(ref, ['Patient']);
    if (patient) return patientByReference(patient.id, 'Appointment.participant');
  }
  return null;
}

export function patientByReference(id: string, field: string): PatientChoice {
  if (!isUuid(id)) throw invalid({ [field]: 'Name a Patient of this practice (Patient/<id>, as Appointments give it).' });
  return { patientId: id, patient: null };
}

/** A Patient resource as the calendar's patient details: first given and family name, birth date, phone or e-mail. */
export function patientFromResource(p: FhirPatientInput, field = 'Patient'): PatientInput {
  const name = p.name?.find((n) => n.family || n.given?.length) ?? p.name?.[0];
  const phone = p.telecom?.find((t) => t.system === 'phone' || t.system === 'sms')?.value ?? '';
  const email = p.telecom?.find((t) => t.system === 'email')?.value ?? '';
  const parsed = PatientInput.safeParse({ firstName: name?.given?.[0] ?? '', lastName: name?.family ?? '', dateOfBirth: p.birthDate ?? '', phone, email, isNewPatient: null });
  if (parsed.success) return parsed.data;
  const where: Record<string, string> = { firstName: 'name.given', lastName: 'name.family', dateOfBirth: 'birthDate', phone: 'telecom', email: 'telecom' };
  throw invalid(Object.fromEntries(parsed.error.issues.map((i) => [`${field}.${where[String(i.path[0])] ?? String(i.path[0] ?? '')}`, i.message])));
}

/** The calendar's field names as FHIR paths, so an OperationOutcome points at what the client sent. */
const FHIR_FIELDS: Record<string, string> = {
  visitTypeId: 'Appointment.serviceType',
  clinicianId: 'Appointment.participant',
  start: 'Appointment.start',
  locationId: 'Appointment.participant',
  patientId: 'Appointment.participant',
  patient: 'Patient',
  'patient.phone': 'Patient.telecom',
  'patient.dateOfBirth': 'Patient.birthDate',
  appointmentRequestId: 'Appointment',
};

/**
 * Runs a booking and speaks FHIR about its refusals: fields become FHIR paths, and a time just
 * taken (`slot_taken`) or not open (`slot_unavailable`) names the Slots open instead.
 */
export async function asFhir<T>(visitTypeId: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const { fields, nextTimes, ...extra } = err.extra as { fields?: Record<string, string>; nextTimes?: { start: string; startLocal: string; clinicianId: string; clinicianName: string }[] };
    const renamed = fields ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [FHIR_FIELDS[k] ?? k, v])) : undefined;
    const nextSlots = nextTimes?.map((t) => ({
      reference: `Slot/${encodeSlotId({ clinicianId: t.clinicianId, visitTypeId, startMs: Date.parse(t.start) })}`,
      start: t.start,
      display: `${t.startLocal.replace('T', ' ')} with ${t.clinicianName}`,
    }));
    throw new AppError(err.statusCode, err.code, err.message, { ...extra, ...(renamed ? { fields: renamed } : {}), ...(nextSlots ? { nextSlots } : {}) });
  }
}
