import { foreign, only, signedIn, type MatrixFixtures, type MatrixRow, type SampleRequest } from './authorization-matrix.test-helpers.js';

/**
 * The authorization-matrix rows of clinicians' calendars and booked visits (issue 31 §1–2, spread
 * into MATRIX). Every role reads the calendar records and open times (as schedules); admins and
 * supervisors keep them (`schedules.edit`); the front desk (admin, supervisor, agent) books and
 * reads visits, which carry patients' details — developers do not. A user of another organization
 * gets 404 for a record of `home`.
 */

const KEEPERS = ['admin', 'supervisor'] as const;
const FRONT_DESK = ['admin', 'supervisor', 'agent'] as const;
const PATIENT = { firstName: 'Matrix', lastName: 'Patient', dateOfBirth: '1980-04-02', phone: '+18605550150' };
const unique = () => Math.random().toString(36).slice(2, 10);

interface Calendar {
  locationId: string;
  visitTypeId: string;
  clinicianId: string;
}

/** One location, visit type and clinician of `home`, made once per matrix run. */
const calendars = new WeakMap<MatrixFixtures, Promise<Calendar>>();
function calendarOf(fx: MatrixFixtures): Promise<Calendar> {
  let made = calendars.get(fx);
  if (!made) {
    made = (async () => {
      const location = await fx.asAdmin<{ id: string }>('POST', `/api/organizations/${fx.home.id}/locations`, { name: `Matrix room ${unique()}` });
      const visitType = await fx.asAdmin<{ id: string }>('POST', `/api/organizations/${fx.home.id}/visit-types`, { nameEn: `Matrix visit ${unique()}`, nameEs: 'Visita', lengthMinutes: 30 });
      const clinician = await fx.asAdmin<{ id: string }>('POST', `/api/organizations/${fx.home.id}/clinicians`, { name: `Dr Matrix ${unique()}`, visitTypeIds: [visitType.id] });
      return { locationId: location.id, visitTypeId: visitType.id, clinicianId: clinician.id };
    })();
    calendars.set(fx, made);
  }
  return made;
}

/** A new hour on the matrix clinician's calendar each time (staff may book outside availability, warned). */
let slot = 0;
const nextStart = () => new Date(Date.UTC(2031, 0, 6, 14) + slot++ * 3_600_000).toISOString();

async function booking(fx: MatrixFixtures): Promise<Record<string, unknown>> {
  const c = await calendarOf(fx);
  return { visitTypeId: c.visitTypeId, clinicianId: c.clinicianId, locationId: c.locationId, start: nextStart() };
}
async function bookedVisit(fx: MatrixFixtures): Promise<string> {
  const b = await fx.asAdmin<{ visit: { id: string } }>('POST', `/api/organizations/${fx.home.id}/visits`, { ...(await booking(fx)), patient: PATIENT });
  return b.visit.id;
}
async function heldVisit(fx: MatrixFixtures): Promise<string> {
  const b = await fx.asAdmin<{ visit: { id: string } }>('POST', `/api/organizations/${fx.home.id}/visits/holds`, await booking(fx));
  return b.visit.id;
}
const newLocation = (fx: MatrixFixtures) => fx.asAdmin<{ id: string; version: number }>('POST', `/api/organizations/${fx.home.id}/locations`, { name: `Matrix place ${unique()}` });
const newVisitType = (fx: MatrixFixtures) => fx.asAdmin<{ id: string; version: number }>('POST', `/api/organizations/${fx.home.id}/visit-types`, { nameEn: `Matrix type ${unique()}`, nameEs: 'Tipo', lengthMinutes: 20 });
const newClinician = (fx: MatrixFixtures) => fx.asAdmin<{ id: string; version: number }>('POST', `/api/organizations/${fx.home.id}/clinicians`, { name: `Dr ${unique()}` });
async function newException(fx: MatrixFixtures) {
  const c = await newClinician(fx);
  const d = await fx.asAdmin<{ exceptions: { id: string; version: number }[] }>('POST', `/api/clinicians/${c.id}/exceptions`, { from: '2031-02-03', to: '2031-02-04', kind: 'unavailable' });
  return { clinicianId: c.id, id: d.exceptions[0]!.id, version: d.exceptions[0]!.version };
}

/** A row whose sample (and whose other-organization sample) is the same request about a fresh record of `home`. */
function row(route: string, expect: MatrixRow['expect'], as: 'agent' | 'supervisor', request: (fx: MatrixFixtures) => Promise<SampleRequest> | SampleRequest): MatrixRow {
  return { route, expect, request, otherOrganization: foreign(as, request) };
}

export function calendarsMatrixRows(): MatrixRow[] {
  return [
    // ── locations ──
    row('GET /api/organizations/:id/locations', signedIn(200), 'agent', (fx) => ({ url: `/api/organizations/${fx.home.id}/locations` })),
    row('POST /api/organizations/:id/locations', only([...KEEPERS], 201), 'supervisor', (fx) => ({ url: `/api/organizations/${fx.home.id}/locations`, payload: { name: `Matrix ${unique()}` } })),
    row('PATCH /api/locations/:locationId', only([...KEEPERS], 200), 'supervisor', async (fx) => {
      const l = await newLocation(fx);
      return { url: `/api/locations/${l.id}`, payload: { version: l.version, address: '2 Matrix Way' } };
    }),
    row('DELETE /api/locations/:locationId', only([...KEEPERS], 204), 'supervisor', async (fx) => {
      const l = await newLocation(fx);
      return { url: `/api/locations/${l.id}`, query: { version: String(l.version) } };
    }),

    // ── visit types ──
    row('GET /api/organizations/:id/visit-types', signedIn(200), 'agent', (fx) => ({ url: `/api/organizations/${fx.home.id}/visit-types` })),
    row('POST /api/organizations/:id/visit-types', only([...KEEPERS], 201), 'supervisor', (fx) => ({
      url: `/api/organizations/${fx.home.id}/visit-types`,
      payload: { nameEn: `Matrix ${unique()}`, nameEs: 'Matriz', lengthMinutes: 15 },
    })),
    row('PATCH /api/visit-types/:visitTypeId', only([...KEEPERS], 200), 'supervisor', async (fx) => {
      const v = await newVisitType(fx);
      return { url: `/api/visit-types/${v.id}`, payload: { version: v.version, bufferMinutes: 5 } };
    }),
    row('DELETE /api/visit-types/:visitTypeId', only([...KEEPERS], 204), 'supervisor', async (fx) => {
      const v = await newVisitType(fx);
      return { url: `/api/visit-types/${v.id}`, query: { version: String(v.version) } };
    }),

    // ── clinicians, availability, exceptions ──
    row('GET /api/organizations/:id/clinicians', signedIn(200), 'agent', (fx) => ({ url: `/api/organizations/${fx.home.id}/clinicians` })),
    row('POST /api/organizations/:id/clinicians', only([...KEEPERS], 201), 'supervisor', (fx) => ({ url: `/api/organizations/${fx.home.id}/clinicians`, payload: { name: `Dr ${unique()}` } })),
    row('GET /api/clinicians/:clinicianId', signedIn(200), 'agent', async (fx) => ({ url: `/api/clinicians/${(await calendarOf(fx)).clinicianId}` })),
    row('PATCH /api/clinicians/:clinicianId', only([...KEEPERS], 200), 'supervisor', async (fx) => {
      const c = await newClinician(fx);
      return { url: `/api/clinicians/${c.id}`, payload: { version: c.version, title: 'MD' } };
    }),
    row('DELETE /api/clinicians/:clinicianId', only([...KEEPERS], 204), 'supervisor', async (fx) => {
      const c = await newClinician(fx);
      return { url: `/api/clinicians/${c.id}`, query: { version: String(c.version) } };
    }),
    row('PUT /api/clinicians/:clinicianId/availability', only([...KEEPERS], 200), 'supervisor', async (fx) => {
      const c = await newClinician(fx);
      return { url: `/api/clinicians/${c.id}/availability`, payload: { version: c.version, weekly: [{ day: 1, start: '09:00', end: '12:00', locationId: (await calendarOf(fx)).locationId }] } };
    }),
    row('POST /api/clinicians/:clinicianId/exceptions', only([...KEEPERS], 201), 'supervisor', async (fx) => ({
      url: `/api/clinicians/${(await newClinician(fx)).id}/exceptions`,
      payload: { from: '2031-03-03', to: '2031-03-03', kind: 'unavailable', note: 'Matrix leave' },
    })),
    row('PUT /api/clinicians/:clinicianId/exceptions/:exceptionId', only([...KEEPERS], 200), 'supervisor', async (fx) => {
      const e = await newException(fx);
      return { url: `/api/clinicians/${e.clinicianId}/exceptions/${e.id}`, payload: { version: e.version, exception: { from: '2031-02-03', to: '2031-02-05', kind: 'unavailable' } } };
    }),
    row('DELETE /api/clinicians/:clinicianId/exceptions/:exceptionId', only([...KEEPERS], 200), 'supervisor', async (fx) => {
      const e = await newException(fx);
      return { url: `/api/clinicians/${e.clinicianId}/exceptions/${e.id}`, query: { version: String(e.version) } };
    }),

    // ── open times and visits ──
    row('GET /api/organizations/:id/open-times', signedIn(200), 'agent', async (fx) => ({ url: `/api/organizations/${fx.home.id}/open-times`, query: { visitTypeId: (await calendarOf(fx)).visitTypeId } })),
    row('GET /api/organizations/:id/visits', only([...FRONT_DESK], 200), 'agent', (fx) => ({ url: `/api/organizations/${fx.home.id}/visits`, query: { date: '2031-01-06', view: 'week' } })),
    row('POST /api/organizations/:id/visits/holds', only([...FRONT_DESK], 201), 'agent', async (fx) => ({ url: `/api/organizations/${fx.home.id}/visits/holds`, payload: await booking(fx) })),
    row('POST /api/organizations/:id/visits', only([...FRONT_DESK], 201), 'agent', async (fx) => ({ url: `/api/organizations/${fx.home.id}/visits`, payload: { ...(await booking(fx)), patient: PATIENT } })),
    row('GET /api/visits/:visitId', only([...FRONT_DESK], 200), 'agent', async (fx) => ({ url: `/api/visits/${await bookedVisit(fx)}` })),
    row('POST /api/visits/:visitId/book', only([...FRONT_DESK], 200), 'agent', async (fx) => ({ url: `/api/visits/${await heldVisit(fx)}/book`, payload: { patient: PATIENT } })),
    row('POST /api/visits/:visitId/move', only([...FRONT_DESK], 200), 'agent', async (fx) => ({ url: `/api/visits/${await bookedVisit(fx)}/move`, payload: { start: nextStart() } })),
    row('POST /api/visits/:visitId/cancel', only([...FRONT_DESK], 200), 'agent', async (fx) => ({ url: `/api/visits/${await bookedVisit(fx)}/cancel`, payload: { reason: 'Matrix' } })),
    row('POST /api/visits/:visitId/status', only([...FRONT_DESK], 200), 'agent', async (fx) => ({ url: `/api/visits/${await bookedVisit(fx)}/status`, payload: { status: 'confirmed' } })),
  ];
}
