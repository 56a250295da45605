import { z } from 'zod';

/**
 * FHIR R4 scheduling in the public API (`/api/v1/fhir`, issue 31 §6, decision 051): the resources
 * the server answers (Location, Schedule, Slot, Appointment, Bundle, OperationOutcome,
 * CapabilityStatement) as far as it fills them, what it reads from clients (an Appointment to
 * create, the Parameters of the IHE ITI Scheduling operations, a JSON Patch), the search
 * parameters of each search, and the SMART Scheduling Links bulk-publication manifest.
 *
 * What clients send is read loosely (a FHIR client may send any element; those we do not use are
 * ignored, as FHIR servers do), and checked by the services element by element.
 */

const Text = (max: number) => z.string().max(max);

// ---------------------------------------------------------------------------------------------
// Data types (the parts of them the API fills)

export const FhirCoding = z.object({ system: z.string().optional(), code: z.string().optional(), display: z.string().optional() }).meta({ id: 'FhirCoding' });
export const FhirCodeableConcept = z.object({ coding: z.array(FhirCoding).optional(), text: z.string().optional() }).meta({ id: 'FhirCodeableConcept' });
export const FhirIdentifier = z.object({ system: z.string().optional(), value: z.string().optional() }).meta({ id: 'FhirIdentifier' });
export const FhirReference = z
  .object({ reference: z.string().optional(), type: z.string().optional(), identifier: FhirIdentifier.optional(), display: z.string().optional() })
  .meta({ id: 'FhirReference' });
export const FhirExtension = z
  .object({ url: z.string(), valueUrl: z.string().optional(), valueString: z.string().optional(), valueInteger: z.number().optional(), valueCode: z.string().optional() })
  .meta({ id: 'FhirExtension' });
const Meta = z.object({ lastUpdated: z.string().optional(), versionId: z.string().optional(), profile: z.array(z.string()).optional() });
const ContactPoint = z.object({ system: z.enum(['phone', 'fax', 'email', 'pager', 'url', 'sms', 'other']), value: z.string(), use: z.enum(['home', 'work', 'temp', 'old', 'mobile']).optional() });
const Address = z.object({
  text: z.string().optional(),
  line: z.array(z.string()).optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  postalCode: z.string().optional(),
  country: z.string().optional(),
});

// ---------------------------------------------------------------------------------------------
// Resources the server answers

export const FhirLocation = z
  .object({
    resourceType: z.literal('Location'),
    id: z.string(),
    meta: Meta.optional(),
    status: z.enum(['active', 'suspended', 'inactive']),
    mode: z.literal('instance'),
    name: z.string(),
    description: z.string().optional(),
    telecom: z.array(ContactPoint).optional(),
    address: Address.optional(),
    managingOrganization: FhirReference.optional(),
  })
  .meta({ id: 'FhirLocation', description: 'A place of the practice (R4 Location).' });

export const FhirSchedule = z
  .object({
    resourceType: z.literal('Schedule'),
    id: z.string(),
    meta: Meta.optional(),
    active: z.boolean(),
    /** The clinician's visit types (code: the visit type id). */
    serviceType: z.array(FhirCodeableConcept).optional(),
    /** `Practitioner/<clinician id>` (the clinician's name as display), then the clinician's places. */
    actor: z.array(FhirReference).min(1),
    planningHorizon: z.object({ start: z.string().optional(), end: z.string().optional() }).optional(),
    comment: z.string().optional(),
  })
  .meta({ id: 'FhirSchedule', description: 'One clinician’s calendar (R4 Schedule); its id is the clinician’s.' });

export const FhirSlot = z
  .object({
    resourceType: z.literal('Slot'),
    /** Encodes the schedule, the visit type and the start: `$hold`, `$book` and `POST Appointment` take it. */
    id: z.string(),
    meta: Meta.optional(),
    extension: z.array(FhirExtension).optional(),
    serviceType: z.array(FhirCodeableConcept).optional(),
    schedule: FhirReference,
    status: z.enum(['busy', 'free', 'busy-unavailable', 'busy-tentative', 'entered-in-error']),
    start: z.string(),
    end: z.string(),
    comment: z.string().optional(),
  })
  .meta({ id: 'FhirSlot', description: 'An open (free) or taken (busy) time of a clinician for a visit type (R4 Slot). No patient data.' });

const AppointmentStatus = z.enum(['proposed', 'pending', 'booked', 'arrived', 'fulfilled', 'cancelled', 'noshow', 'entered-in-error', 'checked-in', 'waitlist']);
const Participant = z.object({
  type: z.array(FhirCodeableConcept).optional(),
  actor: FhirReference.optional(),
  required: z.enum(['required', 'optional', 'information-only']).optional(),
  status: z.enum(['accepted', 'declined', 'tentative', 'needs-action']),
});

export const FhirAppointment = z
  .object({
    resourceType: z.literal('Appointment'),
    id: z.string().optional(),
    meta: Meta.optional(),
    extension: z.array(FhirExtension).optional(),
    status: AppointmentStatus,
    cancelationReason: FhirCodeableConcept.optional(),
    serviceType: z.array(FhirCodeableConcept).optional(),
    start: z.string().optional(),
    end: z.string().optional(),
    minutesDuration: z.number().optional(),
    slot: z.array(FhirReference).optional(),
    created: z.string().optional(),
    comment: z.string().optional(),
    /** The clinician, the place and — to keys with a scheduling scope — the patient, by reference and identifier only. */
    participant: z.array(Participant).min(1),
  })
  .meta({ id: 'FhirAppointment', description: 'A visit on a clinician’s calendar (R4 Appointment): proposed (from $find), pending (held), booked, fulfilled, cancelled or noshow.' });

export const FhirOperationOutcome = z
  .object({
    resourceType: z.literal('OperationOutcome'),
    issue: z
      .array(
        z.object({
          severity: z.enum(['fatal', 'error', 'warning', 'information']),
          code: z.string(),
          /** `details.coding[0].code` is the API's error code (`urn:switchboard:api-error`), e.g. `slot_taken`. */
          details: FhirCodeableConcept.optional(),
          diagnostics: z.string().optional(),
          expression: z.array(z.string()).optional(),
        }),
      )
      .min(1),
  })
  .meta({ id: 'FhirOperationOutcome', description: 'What went wrong (or what to know), as FHIR says it (R4 OperationOutcome).' });

const EntryResource = z.discriminatedUnion('resourceType', [FhirLocation, FhirSchedule, FhirSlot, FhirAppointment, FhirOperationOutcome]);

export const FhirBundle = z
  .object({
    resourceType: z.literal('Bundle'),
    id: z.string().optional(),
    meta: Meta.optional(),
    type: z.literal('searchset'),
    total: z.number().int().optional(),
    link: z.array(z.object({ relation: z.string(), url: z.string() })).optional(),
    entry: z
      .array(
        z.object({
          fullUrl: z.string().optional(),
          resource: EntryResource,
          search: z.object({ mode: z.enum(['match', 'include', 'outcome']) }).optional(),
        }),
      )
      .optional(),
  })
  .meta({ id: 'FhirBundle', description: 'A search result (R4 Bundle, type searchset).' });
export type FhirBundle = z.infer<typeof FhirBundle>;
export type FhirBundleEntry = NonNullable<FhirBundle['entry']>[number];
export type FhirLocation = z.infer<typeof FhirLocation>;
export type FhirSchedule = z.infer<typeof FhirSchedule>;
export type FhirSlot = z.infer<typeof FhirSlot>;
export type FhirAppointment = z.infer<typeof FhirAppointment>;
export type FhirOperationOutcome = z.infer<typeof FhirOperationOutcome>;

/** The server's CapabilityStatement: what it serves; kept loose here (it is written in one place, capability-statement.ts). */
export const FhirCapabilityStatement = z
  .looseObject({
    resourceType: z.literal('CapabilityStatement'),
    status: z.literal('active'),
    date: z.string(),
    kind: z.literal('instance'),
    fhirVersion: z.literal('4.0.1'),
    format: z.array(z.string()),
    rest: z.array(z.looseObject({ mode: z.literal('server') })),
  })
  .meta({ id: 'FhirCapabilityStatement', description: 'What this server does (R4 CapabilityStatement): the resources, searches and operations below.' });
export type FhirCapabilityStatement = z.infer<typeof FhirCapabilityStatement>;

// ---------------------------------------------------------------------------------------------
// What clients send (read loosely: elements we do not use are ignored)

const LooseCoding = z.looseObject({ system: Text(500).optional(), code: Text(200).optional(), display: Text(500).optional() });
const LooseConcept = z.looseObject({ coding: z.array(LooseCoding).max(20).optional(), text: Text(500).optional() });
const LooseReference = z.looseObject({
  reference: Text(500).optional(),
  identifier: z.looseObject({ system: Text(500).optional(), value: Text(200).optional() }).optional(),
  display: Text(500).optional(),
});
const LooseHumanName = z.looseObject({ family: Text(100).optional(), given: z.array(Text(100)).max(5).optional(), text: Text(200).optional() });
/** A patient as the client knows them (IHE's `patient-resource`, or a contained Patient of an Appointment). */
export const FhirPatientInput = z.looseObject({
  resourceType: z.literal('Patient'),
  id: Text(64).optional(),
  name: z.array(LooseHumanName).max(5).optional(),
  birthDate: Text(10).optional(),
  telecom: z.array(z.looseObject({ system: Text(20).optional(), value: Text(254).optional() })).max(10).optional(),
});
export type FhirPatientInput = z.infer<typeof FhirPatientInput>;

/** `POST Appointment` (book a free slot) and IHE `$book`'s `appointment-resource`. */
export const FhirAppointmentInput = z
  .looseObject({
    resourceType: z.literal('Appointment', { error: 'Send an Appointment resource.' }),
    id: Text(64).optional(),
    status: Text(40),
    slot: z.array(LooseReference).max(5).optional(),
    start: Text(40).optional(),
    end: Text(40).optional(),
    serviceType: z.array(LooseConcept).max(5).optional(),
    comment: Text(1000).optional(),
    participant: z.array(z.looseObject({ actor: LooseReference.optional(), status: Text(40).optional() })).max(10).optional(),
    contained: z.array(z.looseObject({ resourceType: Text(60) })).max(5).optional(),
  })
  .meta({
    id: 'FhirAppointmentToBook',
    description:
      'An Appointment to book: `slot` names a free Slot (or `start` with a `Practitioner` participant and a `serviceType` coding of the visit type); the patient is a `Patient/<id>` participant, or a contained Patient (`#id`) with name, birth date and phone or e-mail.',
  });
export type FhirAppointmentInput = z.infer<typeof FhirAppointmentInput>;

const ParameterValue = {
  valueString: Text(1000).optional(),
  valueDateTime: Text(40).optional(),
  valueDate: Text(10).optional(),
  valueInstant: Text(40).optional(),
  valueCode: Text(200).optional(),
  valueUri: Text(500).optional(),
  valueInteger: z.number().int().optional(),
  valueReference: LooseReference.optional(),
  valueCoding: LooseCoding.optional(),
  valueCodeableConcept: LooseConcept.optional(),
};
export const FhirParametersInput = z
  .looseObject({
    resourceType: z.literal('Parameters', { error: 'Send a Parameters resource.' }),
    parameter: z.array(z.looseObject({ name: Text(100), ...ParameterValue, resource: z.looseObject({ resourceType: Text(60) }).optional() })).max(50).default([]),
  })
  .meta({ id: 'FhirParameters', description: 'The inputs of an operation (R4 Parameters).' });
export type FhirParametersInput = z.infer<typeof FhirParametersInput>;

/** `PATCH Appointment/:id`: JSON Patch (RFC 6902); the API applies `replace /status cancelled` (and `/cancelationReason`). */
export const FhirJsonPatch = z
  .array(z.looseObject({ op: z.enum(['add', 'remove', 'replace', 'move', 'copy', 'test'], { error: 'Use a JSON Patch operation.' }), path: Text(200), value: z.unknown().optional() }), {
    error: 'Send a JSON Patch: a list of operations.',
  })
  .min(1, { error: 'Send at least one operation.' })
  .max(10, { error: 'Send at most 10 operations.' })
  .meta({ id: 'FhirJsonPatch' });
export type FhirJsonPatch = z.infer<typeof FhirJsonPatch>;

// ---------------------------------------------------------------------------------------------
// Paths and searches

export const FhirIdParams = z.object({ id: z.string().max(100) });

/** A search parameter: repeated (AND) or comma-separated (OR) as FHIR allows. */
const Param = z.union([z.string().max(500), z.array(z.string().max(500)).max(10)]).optional();
const Count = z.coerce.number({ error: 'Use a whole number for _count.' }).int({ error: 'Use a whole number for _count.' }).min(0, { error: 'Use 0 to 1000.' }).max(1000, { error: 'Use 0 to 1000.' }).optional();
const Offset = z.coerce.number({ error: 'Use a whole number for _offset.' }).int({ error: 'Use a whole number for _offset.' }).min(0).max(100_000).optional();

export const LocationSearchQuery = z.object({ _id: Param, name: Param, _count: Count });
export type LocationSearchQuery = z.infer<typeof LocationSearchQuery>;

export const ScheduleSearchQuery = z.object({
  _id: Param,
  /** `Practitioner/<id>` or `Location/<id>`. */
  actor: Param,
  'service-type': Param,
  active: Param,
  _count: Count,
});
export type ScheduleSearchQuery = z.infer<typeof ScheduleSearchQuery>;

export const SlotSearchQuery = z.object({
  /** `ge2026-03-02&start=le2026-03-08` (dates are the practice's days); 14 days from today by default, at most 62. */
  start: Param,
  /** The visit type (`urn:switchboard:visit-type|<id>` or the id). */
  'service-type': Param,
  /** `Schedule/<id>` (a clinician). */
  schedule: Param,
  /** `Practitioner/<id>` or `Location/<id>`. */
  'schedule.actor': Param,
  /** `free`, `busy` (booked visits) or `busy-tentative` (held); free and busy by default. */
  status: Param,
  _count: Count,
});
export type SlotSearchQuery = z.infer<typeof SlotSearchQuery>;

export const AppointmentSearchQuery = z.object({
  _id: Param,
  /** `ge…`/`le…` on the start. */
  date: Param,
  /** `Practitioner/<id>`, `Location/<id>` or `Patient/<id>`. */
  actor: Param,
  practitioner: Param,
  location: Param,
  /** `Patient/<id>` or the patient's identifier (`urn:switchboard:patient|<id>`). */
  patient: Param,
  'patient:identifier': Param,
  status: Param,
  'service-type': Param,
  _count: Count,
  _offset: Offset,
});
export type AppointmentSearchQuery = z.infer<typeof AppointmentSearchQuery>;

/** `GET Appointment/$find`: the IHE ITI-115 inputs as query parameters. */
export const FindQuery = z.object({
  start: Param,
  end: Param,
  'visit-type': Param,
  practitioner: Param,
  organization: Param,
  'location-reference': Param,
  'location-string': Param,
  'patient-reference': Param,
  _count: Count,
});
export type FindQuery = z.infer<typeof FindQuery>;

// ---------------------------------------------------------------------------------------------
// SMART Scheduling Links bulk publication (public)

export const BulkPublishQuery = z.object({
  /** Only this practice (its slug); every publishing practice by default. */
  organization: z.string().max(100).optional(),
  /** Accepted and ignored: the manifest is always complete (the specification lets servers do so). */
  _since: z.string().max(40).optional(),
});
export const BulkFileParams = z.object({ slug: z.string().max(100), file: z.enum(['Location.ndjson', 'Schedule.ndjson', 'Slot.ndjson']) });

export const BulkPublishManifest = z
  .object({
    transactionTime: z.string(),
    request: z.string(),
    output: z.array(z.object({ type: z.enum(['Location', 'Schedule', 'Slot']), url: z.string(), extension: z.record(z.string(), z.unknown()).optional() })),
    error: z.array(z.object({ type: z.string(), url: z.string() })),
  })
  .meta({ id: 'BulkPublishManifest', description: 'SMART Scheduling Links manifest: NDJSON files of Locations, Schedules and free Slots per practice.' });
export type BulkPublishManifest = z.infer<typeof BulkPublishManifest>;
