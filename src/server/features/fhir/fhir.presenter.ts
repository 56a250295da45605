import { Temporal } from 'temporal-polyfill';
import type { FhirAppointment, FhirBundle, FhirBundleEntry, FhirLocation, FhirSchedule, FhirSlot } from '../../../contracts/fhir.js';
import { encodeSlotId, type SlotKey } from '../../../domain/fhir/slot-id.js';
import { APPOINTMENT_STATUS_OF, PATIENT_SYSTEM, VISIT_TYPE_SYSTEM } from '../../../domain/fhir/scheduling-codes.js';
import type { CalendarDirectory, LocationRow, NamedOpenTime, VisitTypeRow, VisitWithNames } from '../calendars/index.js';
import type { OrganizationRow } from '../organizations/index.js';

/**
 * Calendar records as FHIR R4 resources (decision 051). Nothing here says who a patient is: an
 * Appointment names its patient by reference and identifier only, Slots and Schedules never.
 */

type Clinician = CalendarDirectory['clinicians'][number];

/** An instant as FHIR writes it, with the practice's UTC offset: 2026-03-03T09:40:00-05:00. */
export function instantIn(ms: number, zone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).toString({ timeZoneName: 'never', smallestUnit: 'second' });
}

export function visitTypeConcept(v: Pick<VisitTypeRow, 'id' | 'nameEn'>) {
  return { coding: [{ system: VISIT_TYPE_SYSTEM, code: v.id, display: v.nameEn }], text: v.nameEn };
}

export function presentLocation(l: LocationRow, organization: OrganizationRow, phone: string | null): FhirLocation {
  const a = organization.address as Partial<Record<'line1' | 'line2' | 'city' | 'region' | 'postalCode' | 'country', string>>;
  const lines = [a.line1, a.line2].filter((x): x is string => Boolean(x));
  const structured = { ...(lines.length ? { line: lines } : {}), ...(a.city ? { city: a.city } : {}), ...(a.region ? { state: a.region } : {}), ...(a.postalCode ? { postalCode: a.postalCode } : {}), ...(a.country ? { country: a.country } : {}) };
  // A place with its own address text is somewhere else than the practice's address.
  const address = l.address ? { text: l.address } : Object.keys(structured).length ? structured : undefined;
  return {
    resourceType: 'Location',
    id: l.id,
    meta: { versionId: String(l.version), lastUpdated: l.updatedAt.toISOString() },
    status: l.active ? 'active' : 'inactive',
    mode: 'instance',
    name: l.name,
    description: organization.name,
    ...(phone ? { telecom: [{ system: 'phone' as const, value: phone, use: 'work' as const }] } : {}),
    ...(address ? { address } : {}),
    managingOrganization: { display: organization.name },
  };
}

export function presentSchedule(c: Clinician, visitTypes: ReadonlyMap<string, VisitTypeRow>, places: ReadonlyMap<string, LocationRow>, only?: (v: VisitTypeRow) => boolean): FhirSchedule {
  const types = c.visitTypeIds.map((id) => visitTypes.get(id)).filter((v): v is VisitTypeRow => Boolean(v && v.active && (!only || only(v))));
  return {
    resourceType: 'Schedule',
    id: c.id,
    meta: { versionId: String(c.version), lastUpdated: c.updatedAt.toISOString() },
    active: c.active,
    ...(types.length ? { serviceType: types.map(visitTypeConcept) } : {}),
    actor: [
      { reference: `Practitioner/${c.id}`, display: c.title ? `${c.name}, ${c.title}` : c.name },
      ...c.locationIds.flatMap((id) => {
        const place = places.get(id);
        return place ? [{ reference: `Location/${id}`, display: place.name }] : [];
      }),
    ],
  };
}

export function slotIdOf(key: SlotKey): string {
  return encodeSlotId(key);
}

export function presentSlot(
  key: SlotKey,
  endMs: number,
  status: FhirSlot['status'],
  visitType: Pick<VisitTypeRow, 'id' | 'nameEn'>,
  zone: string,
  extension?: FhirSlot['extension'],
): FhirSlot {
  return {
    resourceType: 'Slot',
    id: encodeSlotId(key),
    ...(extension?.length ? { extension } : {}),
    serviceType: [visitTypeConcept(visitType)],
    schedule: { reference: `Schedule/${key.clinicianId}` },
    status,
    start: instantIn(key.startMs, zone),
    end: instantIn(endMs, zone),
  };
}

/** An open time offered by `$find`: a proposed Appointment whose id is its Slot's. */
export function presentProposal(t: NamedOpenTime, visitType: VisitTypeRow, zone: string): FhirAppointment {
  const slotId = encodeSlotId({ clinicianId: t.clinicianId, visitTypeId: visitType.id, startMs: t.start });
  return {
    resourceType: 'Appointment',
    id: slotId,
    status: 'proposed',
    serviceType: [visitTypeConcept(visitType)],
    start: instantIn(t.start, zone),
    end: instantIn(t.end, zone),
    minutesDuration: visitType.lengthMinutes,
    slot: [{ reference: `Slot/${slotId}` }],
    participant: [
      { actor: { reference: `Practitioner/${t.clinicianId}`, display: t.clinicianName }, required: 'required', status: 'needs-action' },
      { actor: { reference: `Location/${t.locationId}`, display: t.locationName }, required: 'required', status: 'needs-action' },
    ],
  };
}

export function presentAppointment(v: VisitWithNames, zone: string): FhirAppointment {
  const slotId = encodeSlotId({ clinicianId: v.clinicianId, visitTypeId: v.visitTypeId, startMs: v.startsAt.getTime() });
  const status = APPOINTMENT_STATUS_OF[v.status];
  const patientStatus = v.status === 'held' ? 'tentative' : v.status === 'canceled' ? 'declined' : 'accepted';
  return {
    resourceType: 'Appointment',
    id: v.id,
    meta: { versionId: String(v.version), lastUpdated: v.updatedAt.toISOString() },
    status,
    serviceType: [visitTypeConcept({ id: v.visitTypeId, nameEn: v.visitTypeNameEn })],
    start: instantIn(v.startsAt.getTime(), zone),
    end: instantIn(v.endsAt.getTime(), zone),
    minutesDuration: Math.round((v.endsAt.getTime() - v.startsAt.getTime()) / 60_000),
    slot: [{ reference: `Slot/${slotId}` }],
    created: v.createdAt.toISOString(),
    participant: [
      { actor: { reference: `Practitioner/${v.clinicianId}`, display: v.clinicianName }, required: 'required', status: 'accepted' },
      { actor: { reference: `Location/${v.locationId}`, display: v.locationName }, required: 'required', status: 'accepted' },
      ...(v.patientId ? [{ actor: { reference: `Patient/${v.patientId}`, identifier: { system: PATIENT_SYSTEM, value: v.patientId } }, required: 'required' as const, status: patientStatus as 'accepted' }] : []),
    ],
  };
}

/** A searchset; `total` is left out when it is not known (more pages follow). */
export function searchBundle(baseUrl: string, entries: FhirBundleEntry[], total: number | undefined, links: { relation: string; url: string }[] = []): FhirBundle {
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    ...(total === undefined ? {} : { total }),
    ...(links.length ? { link: links } : {}),
    entry: entries.map((e) => ('id' in e.resource && e.resource.id && !e.fullUrl ? { fullUrl: `${baseUrl}/${e.resource.resourceType}/${e.resource.id}`, ...e } : e)),
  };
}

export const match = (resource: FhirBundleEntry['resource']): FhirBundleEntry => ({ resource, search: { mode: 'match' } });
export const outcome = (resource: FhirBundleEntry['resource']): FhirBundleEntry => ({ resource, search: { mode: 'outcome' } });
