import { eq } from 'drizzle-orm';
import { appointmentRequests, organizationHours } from '../db/schema/index.js';
import { everyone, NOT_ORGANIZATION_SCOPED, type MatrixFixtures, type MatrixRow } from './authorization-matrix.test-helpers.js';
import { bookOnWeb, completeSteps, firstOpenTime, holdTime, startWebDraft, webCalendar } from '../test-support/web-booking.js';

/**
 * The authorization-matrix rows of booking a time on the web (issue 31 §4, spread into MATRIX):
 * the public routes answer to the draft cookie alone, whoever else is signed in; the portal's
 * move answers to the patient's session alone (staff sessions are strangers there, 401).
 */

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const DRAFT = '/api/public/appointment-requests/draft';
const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];
const ALL_DAY = { start: '00:00', end: '24:00' };
const other = { reason: 'other', reasonOther: 'Matrix check-up' };

/** A web visit type of `home` with a clinician there at every hour, made once per matrix run. */
const calendars = new WeakMap<MatrixFixtures, Promise<string>>();
async function webType(fx: MatrixFixtures): Promise<string> {
  let made = calendars.get(fx);
  if (!made) {
    made = webCalendar(fx.ctx, fx.home.id, { types: [{ lengthMinutes: 15, minNoticeMinutes: 0, maxDaysAhead: 60 }], days: ALL_DAYS, hours: ALL_DAY, ...ALL_DAY }).then((c) => c.types[0]!.id);
    calendars.set(fx, made);
  }
  const id = await made;
  // Other rows change home's office hours (PUT …/hours); the web books inside them.
  const weekly = ALL_DAYS.map((day) => ({ day, ...ALL_DAY }));
  await fx.ctx.db.update(organizationHours).set({ weekly, overrides: [] }).where(eq(organizationHours.organizationId, fx.home.id));
  return id;
}

/** A draft of `home` with a time held, and both steps done when asked. */
async function heldDraft(fx: MatrixFixtures, steps = false): Promise<string> {
  const visitTypeId = await webType(fx);
  const cookie = await startWebDraft(fx.app, fx.home.slug);
  const time = await firstOpenTime(fx.app, fx.home.slug, visitTypeId);
  const res = await holdTime(fx.app, cookie, { visitTypeId, clinicianId: time.clinicianId, start: time.start });
  if (res.statusCode !== 200) throw new Error(`hold fixture: ${res.statusCode} ${res.body}`);
  if (steps) await completeSteps(fx.app, cookie, other);
  return cookie;
}

/** A draft of `home` booked at a time (its cookie opens the success page). */
async function bookedDraft(fx: MatrixFixtures): Promise<string> {
  return (await bookOnWeb(fx.app, fx.home.slug, await webType(fx), other)).cookie;
}

/** A visit of the matrix patient booked on the web: its request's id. */
async function patientBooking(fx: MatrixFixtures): Promise<string> {
  const b = await bookOnWeb(fx.app, fx.home.slug, await webType(fx), { ...other, email: fx.patient.email, dateOfBirth: fx.patient.dateOfBirth });
  const [row] = await fx.ctx.db.select({ id: appointmentRequests.id }).from(appointmentRequests).where(eq(appointmentRequests.referenceCode, b.referenceCode));
  return row!.id;
}

export function webBookingMatrixRows(): MatrixRow[] {
  const publicRoute = (route: string, status: number, request?: MatrixRow['request']): MatrixRow => ({ route, expect: everyone(status), request, otherOrganization: NOT_ORGANIZATION_SCOPED });
  /** Portal routes: staff sessions and anonymous callers are strangers there (a valid body, so the session is what answers). */
  const portalRoute = (route: string, patientRequest: MatrixRow['patientRequest'], path: string, payload?: object): MatrixRow => ({
    route,
    expect: everyone(401),
    patient: 200,
    request: () => ({ url: `/api/portal/requests/${UNKNOWN_ID}/${path}`, payload }),
    patientRequest,
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  });

  return [
    publicRoute('GET /api/public/practices/:slug/booking', 200, (fx) => ({ url: `/api/public/practices/${fx.home.slug}/booking` })),
    publicRoute('GET /api/public/practices/:slug/open-times', 200, async (fx) => ({ url: `/api/public/practices/${fx.home.slug}/open-times`, query: { visitTypeId: await webType(fx) } })),
    publicRoute(`GET ${DRAFT}/hold`, 200, async (fx) => ({ cookie: await heldDraft(fx) })),
    publicRoute(`POST ${DRAFT}/hold`, 200, async (fx) => {
      const visitTypeId = await webType(fx);
      const time = await firstOpenTime(fx.app, fx.home.slug, visitTypeId);
      return { cookie: await startWebDraft(fx.app, fx.home.slug), payload: { visitTypeId, clinicianId: time.clinicianId, start: time.start } };
    }),
    publicRoute(`DELETE ${DRAFT}/hold`, 200, async (fx) => ({ cookie: await heldDraft(fx) })),
    publicRoute(`POST ${DRAFT}/book`, 200, async (fx) => ({ cookie: await heldDraft(fx, true), payload: {} })),
    publicRoute('GET /api/public/appointment-requests/submitted/visit', 200, async (fx) => ({ cookie: await bookedDraft(fx) })),
    publicRoute('GET /api/public/appointment-requests/submitted/visit.ics', 200, async (fx) => ({ cookie: await bookedDraft(fx) })),

    portalRoute('GET /api/portal/requests/:id/visit/open-times', async (fx) => ({ url: `/api/portal/requests/${await patientBooking(fx)}/visit/open-times` }), 'visit/open-times'),
    portalRoute(
      'POST /api/portal/requests/:id/visit/hold',
      async (fx) => {
        const id = await patientBooking(fx);
        const time = await firstOpenTime(fx.app, fx.home.slug, await webType(fx));
        return { url: `/api/portal/requests/${id}/visit/hold`, payload: { clinicianId: time.clinicianId, start: time.start } };
      },
      'visit/hold',
      { clinicianId: UNKNOWN_ID, start: '2031-01-06T14:00:00.000Z' },
    ),
    portalRoute(
      'POST /api/portal/requests/:id/visit/move',
      async (fx) => {
        const id = await patientBooking(fx);
        const time = await firstOpenTime(fx.app, fx.home.slug, await webType(fx));
        const held = await fx.app.inject({ method: 'POST', url: `/api/portal/requests/${id}/visit/hold`, headers: { cookie: fx.patient.cookie, origin: 'http://localhost:3000' }, payload: { clinicianId: time.clinicianId, start: time.start } });
        if (held.statusCode !== 200) throw new Error(`portal hold fixture: ${held.statusCode} ${held.body}`);
        return { url: `/api/portal/requests/${id}/visit/move`, payload: { holdId: held.json().hold.id } };
      },
      'visit/move',
      { holdId: UNKNOWN_ID },
    ),
  ];
}
