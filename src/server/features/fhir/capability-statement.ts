import type { FhirCapabilityStatement } from '../../../contracts/fhir.js';

/**
 * What the FHIR API serves, as an R4 CapabilityStatement (`GET /api/v1/fhir/metadata`, public, as
 * FHIR servers publish theirs). Written from the routes of this folder: a route added there is
 * listed here too (fhir.int.test.ts checks each interaction named here answers).
 */
const IHE = 'https://profiles.ihe.net/ITI/Scheduling/OperationDefinition';

const search = (name: string, type: string, documentation: string) => ({ name, type, documentation });

/** When what this statement says last changed. */
const CHANGED = '2026-11-29';

export function capabilityStatement(base: string, version: string): FhirCapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    id: 'switchboard-scheduling',
    url: `${base}/metadata`,
    name: 'SwitchboardScheduling',
    title: 'Switchboard FHIR scheduling',
    status: 'active',
    date: CHANGED,
    publisher: 'Switchboard',
    description:
      'Clinicians’ calendars of the practices an API key may act in: Locations, Schedules (one per clinician), Slots (free times from the booking engine, busy times from booked visits) and Appointments, with the IHE ITI Scheduling operations $find, $hold and $book. Authenticate with `Authorization: Bearer <API key>` (scopes scheduling:read, scheduling:write). Open times are also published without a key as SMART Scheduling Links ($bulk-publish).',
    kind: 'instance',
    software: { name: 'Switchboard', version },
    implementation: { description: 'Switchboard scheduling API', url: base },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    patchFormat: ['application/json-patch+json'],
    instantiates: ['https://profiles.ihe.net/ITI/Scheduling/CapabilityStatement/IHE.Scheduling.server'],
    rest: [
      {
        mode: 'server',
        documentation: 'Errors are OperationOutcome resources with the HTTP status; details.coding (urn:switchboard:api-error) carries the API’s error code, e.g. slot_taken (409).',
        security: {
          description: 'API keys of /developer → API keys, as bearer tokens: scheduling:read reads Locations, Schedules, Slots and Appointments and runs $find; scheduling:write also books, holds and cancels. A key acts only in its organizations: anything else is not found (404).',
        },
        resource: [
          {
            type: 'Location',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: [search('_id', 'token', 'The location id.'), search('name', 'string', 'Start of the name.')],
          },
          {
            type: 'Schedule',
            documentation: 'One per clinician (its id is the clinician’s): actor Practitioner and the clinician’s Locations; serviceType the visit types (urn:switchboard:visit-type).',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: [search('_id', 'token', 'The schedule id.'), search('actor', 'reference', 'Practitioner/<id> or Location/<id>.'), search('service-type', 'token', 'A visit type.'), search('active', 'token', 'true or false.')],
          },
          {
            type: 'Slot',
            documentation: 'Ids encode the schedule, the visit type and the start, so $hold, $book and POST Appointment take them. Free slots follow the practice’s own rules for patients booking themselves (visit types bookable on the web, notice, reach).',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: [
              search('start', 'date', 'ge/gt/le/lt/eq; the practice’s days. 14 days from today by default, at most 62.'),
              search('service-type', 'token', 'A visit type (urn:switchboard:visit-type|<id>).'),
              search('schedule', 'reference', 'Schedule/<id>.'),
              search('schedule.actor', 'reference', 'Practitioner/<id> or Location/<id>.'),
              search('status', 'token', 'free, busy, busy-tentative (free and busy by default).'),
            ],
          },
          {
            type: 'Appointment',
            interaction: [{ code: 'read' }, { code: 'search-type' }, { code: 'create' }, { code: 'patch' }],
            searchParam: [
              search('_id', 'token', 'The appointment id.'),
              search('date', 'date', 'On the start: ge/gt/le/lt/eq.'),
              search('actor', 'reference', 'Practitioner/<id>, Location/<id> or Patient/<id>.'),
              search('practitioner', 'reference', 'Practitioner/<id>.'),
              search('location', 'reference', 'Location/<id>.'),
              search('patient', 'reference', 'Patient/<id> (or patient:identifier=urn:switchboard:patient|<id>).'),
              search('status', 'token', 'pending, booked, fulfilled, cancelled, noshow.'),
              search('service-type', 'token', 'A visit type.'),
            ],
            operation: [
              { name: 'find', definition: `${IHE}/appointment-find`, documentation: 'ITI-115: proposed Appointments for open times (POST Parameters or GET).' },
              { name: 'hold', definition: `${IHE}/appointment-hold`, documentation: 'ITI-116: hold a proposed appointment for 5 minutes (status pending).' },
              { name: 'book', definition: `${IHE}/appointment-book`, documentation: 'ITI-117: book a proposed or held appointment; move (status booked) or cancel (status cancelled) one.' },
            ],
          },
        ],
      },
    ],
  };
}
