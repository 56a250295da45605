import type { MatrixFixtures, MatrixRow, SampleRequest } from './authorization-matrix.test-helpers.js';
import { everyone, NOT_ORGANIZATION_SCOPED } from './authorization-matrix.test-helpers.js';
import { v1Row } from './authorization-matrix.developer-platform.test-cases.js';
import { encodeSlotId } from '../../domain/fhir/slot-id.js';

/**
 * The authorization-matrix rows of FHIR scheduling (`/api/v1/fhir`, issue 31 §6): API keys with
 * scheduling:read or scheduling:write, as every `/api/v1` row (v1Row); the CapabilityStatement and
 * the SMART Scheduling Links publication are public. The sample calendar of `home` (made once,
 * through the staff API) is open every day around the clock, so a free slot is always ahead.
 */

interface Calendar {
  placeId: string;
  visitTypeId: string;
  clinicianId: string;
}
const calendars = new WeakMap<MatrixFixtures, Promise<Calendar>>();

function calendarOf(fx: MatrixFixtures): Promise<Calendar> {
  let made = calendars.get(fx);
  if (!made) {
    made = (async () => {
      const org = fx.home.id;
      const hours = await fx.asAdmin<{ version: number }>('GET', `/api/organizations/${org}/hours`);
      const allDay = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' }));
      await fx.asAdmin('PUT', `/api/organizations/${org}/hours`, { version: hours.version, weekly: allDay, overrides: [] });
      const place = await fx.asAdmin<{ id: string }>('POST', `/api/organizations/${org}/locations`, { name: 'Matrix FHIR clinic' });
      const type = await fx.asAdmin<{ id: string }>('POST', `/api/organizations/${org}/visit-types`, { nameEn: 'Matrix FHIR visit', nameEs: 'Visita', lengthMinutes: 30, bookableBy: ['web', 'staff'] });
      const c = await fx.asAdmin<{ id: string; version: number }>('POST', `/api/organizations/${org}/clinicians`, { name: 'Dr Matrix', visitTypeIds: [type.id] });
      await fx.asAdmin('PUT', `/api/clinicians/${c.id}/availability`, { version: c.version, weekly: allDay.map((d) => ({ ...d, locationId: place.id })) });
      return { placeId: place.id, visitTypeId: type.id, clinicianId: c.id };
    })();
    calendars.set(fx, made);
  }
  return made;
}

/** The next free slot of the sample calendar (each booking or hold takes one, so each call asks again). */
async function freeSlot(fx: MatrixFixtures): Promise<string> {
  const cal = await calendarOf(fx);
  const open = await fx.asAdmin<{ times: { start: string }[] }>('GET', `/api/organizations/${fx.home.id}/open-times?visitTypeId=${cal.visitTypeId}&clinicianId=${cal.clinicianId}&days=3&stepMinutes=30&limit=1&channel=web`);
  return encodeSlotId({ clinicianId: cal.clinicianId, visitTypeId: cal.visitTypeId, startMs: Date.parse(open.times[0]!.start) });
}

const patient = { resourceType: 'Patient', id: 'p1', name: [{ family: 'Matrix', given: ['Pat'] }], birthDate: '1980-04-02', telecom: [{ system: 'phone', value: '+18605550175' }] };

/** A booked visit of `home` (booked by the staff API). */
async function visit(fx: MatrixFixtures): Promise<string> {
  const cal = await calendarOf(fx);
  const open = await fx.asAdmin<{ times: { start: string }[] }>('GET', `/api/organizations/${fx.home.id}/open-times?visitTypeId=${cal.visitTypeId}&clinicianId=${cal.clinicianId}&days=3&stepMinutes=30&limit=1&channel=web`);
  const booked = await fx.asAdmin<{ visit: { id: string } }>('POST', `/api/organizations/${fx.home.id}/visits`, {
    visitTypeId: cal.visitTypeId,
    clinicianId: cal.clinicianId,
    start: open.times[0]!.start,
    patient: { firstName: 'Pat', lastName: 'Matrix', dateOfBirth: '1980-04-02', phone: '+18605550175' },
  });
  return booked.visit.id;
}

/** A search Bundle answered to another organization's key names none of `home`'s calendar. */
const notInBundle = (body: unknown) => {
  const text = JSON.stringify(body);
  if (!text.includes('"resourceType":"Bundle"')) throw new Error('not a Bundle');
  if (/Matrix FHIR|Dr Matrix/.test(text)) throw new Error("the key lists another organization's calendar");
};

const sample = (make: (fx: MatrixFixtures) => Promise<SampleRequest>) => make;

export function fhirMatrixRows(): MatrixRow[] {
  const read = 'scheduling:read' as const;
  const write = 'scheduling:write' as const;
  return [
    { route: 'GET /api/v1/fhir/metadata', expect: everyone(200), otherOrganization: NOT_ORGANIZATION_SCOPED },
    { route: 'GET /api/v1/fhir/$bulk-publish', expect: everyone(200), otherOrganization: NOT_ORGANIZATION_SCOPED },
    {
      route: 'GET /api/v1/fhir/$bulk-publish/:slug/:file',
      expect: everyone(200),
      request: async (fx) => (await calendarOf(fx), { url: `/api/v1/fhir/$bulk-publish/${fx.home.slug}/Schedule.ndjson` }),
      otherOrganization: NOT_ORGANIZATION_SCOPED,
    },
    v1Row('GET /api/v1/fhir/Location', read, 200, sample(async (fx) => (await calendarOf(fx), {})), notInBundle),
    v1Row('GET /api/v1/fhir/Location/:id', read, 200, sample(async (fx) => ({ url: `/api/v1/fhir/Location/${(await calendarOf(fx)).placeId}` }))),
    v1Row('GET /api/v1/fhir/Schedule', read, 200, sample(async (fx) => (await calendarOf(fx), {})), notInBundle),
    v1Row('GET /api/v1/fhir/Schedule/:id', read, 200, sample(async (fx) => ({ url: `/api/v1/fhir/Schedule/${(await calendarOf(fx)).clinicianId}` }))),
    v1Row('GET /api/v1/fhir/Slot', read, 200, sample(async (fx) => (await calendarOf(fx), { query: { status: 'free', _count: '5' } })), notInBundle),
    v1Row('GET /api/v1/fhir/Slot/:id', read, 200, sample(async (fx) => ({ url: `/api/v1/fhir/Slot/${await freeSlot(fx)}` }))),
    v1Row('GET /api/v1/fhir/Appointment', read, 200, sample(async (fx) => (await visit(fx), {})), notInBundle),
    v1Row('GET /api/v1/fhir/Appointment/:id', read, 200, sample(async (fx) => ({ url: `/api/v1/fhir/Appointment/${await visit(fx)}` }))),
    v1Row(
      'POST /api/v1/fhir/Appointment',
      write,
      201,
      sample(async (fx) => ({ payload: { resourceType: 'Appointment', status: 'booked', slot: [{ reference: `Slot/${await freeSlot(fx)}` }], contained: [patient], participant: [{ actor: { reference: '#p1' } }] } })),
    ),
    v1Row('PATCH /api/v1/fhir/Appointment/:id', write, 200, sample(async (fx) => ({ url: `/api/v1/fhir/Appointment/${await visit(fx)}`, payload: [{ op: 'replace', path: '/status', value: 'cancelled' }] }))),
    v1Row('GET /api/v1/fhir/Appointment/$find', read, 200, sample(async (fx) => (await calendarOf(fx), { query: { _count: '3' } })), notInBundle),
    v1Row('POST /api/v1/fhir/Appointment/$find', read, 200, sample(async (fx) => (await calendarOf(fx), { payload: { resourceType: 'Parameters', parameter: [{ name: '_count', valueInteger: 3 }] } })), notInBundle),
    v1Row('POST /api/v1/fhir/Appointment/$hold', write, 200, sample(async (fx) => ({ payload: { resourceType: 'Parameters', parameter: [{ name: 'appointment-reference', valueReference: { reference: `Appointment/${await freeSlot(fx)}` } }] } }))),
    v1Row(
      'POST /api/v1/fhir/Appointment/$book',
      write,
      200,
      sample(async (fx) => ({
        payload: { resourceType: 'Parameters', parameter: [{ name: 'appointment-reference', valueReference: { reference: `Appointment/${await freeSlot(fx)}` } }, { name: 'patient-resource', resource: patient }] },
      })),
    ),
  ];
}
