import { eq, sql } from 'drizzle-orm';
import { appointmentRequests, handoffs, portalCodes } from '../db/schema/index.js';
import { everyone, NOT_ORGANIZATION_SCOPED, only, type MatrixFixtures, type MatrixRow, type SampleRequest } from './authorization-matrix.test-helpers.js';
import { cookiesFrom } from '../test-support/http.js';
import { intakeTokenFor, requestFields, submitWebRequest } from '../test-support/patients.js';

/**
 * The authorization-matrix rows of the patient area (spread into MATRIX): the public request
 * flow, the portal and the intake form. No staff session opens or closes any of them — they
 * answer to the draft cookie, the patient session or the intake link. A patient session
 * (`patient`) reaches the portal; on every staff route it is a stranger (401, the runner's
 * default for patients). Staff reading an intake is `handoffs.work`, 404 across organizations.
 */
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const DRAFT = '/api/public/appointment-requests/draft';
const WORKERS = ['admin', 'supervisor', 'agent'] as const;

const COMPLETE_INTAKE = {
  insurance: { hasInsurance: 'no' },
  medications: { takesMedications: 'no' },
  allergies: { hasAllergies: 'no' },
  emergencyContact: { name: 'Matrix Contact', phone: '(860) 555-0190' },
  consent: { treatment: true, privacy: true, signature: 'Matrix Patient' },
};

const other = () => requestFields({ reason: 'other', reasonOther: 'Matrix check-up' });

/** A draft cookie of `home`, with the first `steps` steps done (or sent). */
async function draft(fx: MatrixFixtures, steps: 0 | 1 | 2 | 'sent'): Promise<string> {
  const f = other();
  const start = await fx.app.inject({ method: 'POST', url: DRAFT, payload: { organization: fx.home.slug } });
  const cookie = cookiesFrom(start);
  const upTo = steps === 'sent' ? 2 : steps;
  if (upTo >= 1) await fx.app.inject({ method: 'PUT', url: `${DRAFT}/step-1`, headers: { cookie }, payload: f.step1 });
  if (upTo >= 2) await fx.app.inject({ method: 'PUT', url: `${DRAFT}/step-2`, headers: { cookie }, payload: f.step2 });
  if (steps === 'sent') await fx.app.inject({ method: 'POST', url: `${DRAFT}/submit`, headers: { cookie }, payload: {} });
  return cookie;
}

/** A submitted request of `home` and the token of its intake link. */
async function submitted(fx: MatrixFixtures): Promise<{ id: string; token: string }> {
  const f = other();
  const r = await submitWebRequest(fx.app, fx.home.slug, { ...f.step1 });
  const [row] = await fx.ctx.db.select({ id: appointmentRequests.id }).from(appointmentRequests).where(eq(appointmentRequests.referenceCode, r.referenceCode));
  return { id: row!.id, token: await intakeTokenFor(fx.ctx, r.email) };
}

async function submittedIntake(fx: MatrixFixtures): Promise<{ requestId: string; intakeId: string }> {
  const s = await submitted(fx);
  const res = await fx.app.inject({ method: 'POST', url: '/api/intake/submit', headers: { 'x-intake-token': s.token }, payload: { answers: COMPLETE_INTAKE } });
  if (res.statusCode !== 200) throw new Error(`intake fixture: ${res.statusCode} ${res.body}`);
  const staff = await fx.asAdmin<{ intake: { id: string } }>('GET', `/api/appointment-requests/${s.id}/intake`);
  return { requestId: s.id, intakeId: staff.intake.id };
}

/** A conversation on one of the matrix patient's requests: staff (admin) messaged them from its handoff. */
async function patientThread(fx: MatrixFixtures): Promise<string> {
  const requestId = await fx.patient.newRequest();
  const [handoff] = await fx.ctx.db.select({ id: handoffs.id }).from(handoffs).where(eq(handoffs.appointmentRequestId, requestId));
  await fx.asAdmin('POST', `/api/handoffs/${handoff!.id}/messages`, { channel: 'email', body: 'Matrix: can you come on Tuesday?' });
  return handoff!.id;
}

/** A challenge of its own (a contact nobody else asks for), so no contact's resend limit is shared. */
async function ownChallenge(fx: MatrixFixtures): Promise<string> {
  const res = await fx.app.inject({ method: 'POST', url: '/api/portal/sign-in', payload: { organization: fx.home.slug, contact: `resend-${Math.random().toString(36).slice(2)}@example.test`, dateOfBirth: '1980-01-01' } });
  const challengeId = res.json().challengeId as string;
  // Asked a minute ago: past the 30 s between two codes to one contact.
  await fx.ctx.db.update(portalCodes).set({ createdAt: sql`${portalCodes.createdAt} - interval '1 minute'` }).where(eq(portalCodes.id, challengeId));
  return challengeId;
}

const withToken = async (fx: MatrixFixtures, payload?: unknown): Promise<SampleRequest> => ({ headers: { 'x-intake-token': (await submitted(fx)).token }, payload });

export function patientMatrixRows(): MatrixRow[] {
  const publicRoute = (route: string, status: number, request?: MatrixRow['request']): MatrixRow => ({ route, expect: everyone(status), request, otherOrganization: NOT_ORGANIZATION_SCOPED });
  /** Portal routes: only a patient session opens them; staff sessions are strangers there. */
  const portalRoute = (route: string, patientRequest?: MatrixRow['patientRequest'], request?: MatrixRow['request']): MatrixRow => ({
    route,
    expect: everyone(401),
    patient: 200,
    request,
    patientRequest,
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  });

  return [
    // The public request flow: the draft cookie is the only key.
    publicRoute('GET /api/public/practices', 200),
    publicRoute('GET /api/public/practices/:slug', 200, (fx) => ({ url: `/api/public/practices/${fx.home.slug}` })),
    publicRoute(`POST ${DRAFT}`, 200, (fx) => ({ payload: { organization: fx.home.slug } })),
    publicRoute(`GET ${DRAFT}`, 200, async (fx) => ({ cookie: await draft(fx, 0) })),
    publicRoute(`PATCH ${DRAFT}`, 200, async (fx) => ({ cookie: await draft(fx, 0), payload: { firstName: 'Matrix' } })),
    publicRoute(`PUT ${DRAFT}/step-1`, 200, async (fx) => ({ cookie: await draft(fx, 0), payload: other().step1 })),
    publicRoute(`PUT ${DRAFT}/step-2`, 200, async (fx) => ({ cookie: await draft(fx, 1), payload: other().step2 })),
    publicRoute(`POST ${DRAFT}/submit`, 200, async (fx) => ({ cookie: await draft(fx, 2), payload: {} })),
    publicRoute('GET /api/public/appointment-requests/submitted', 200, async (fx) => ({ cookie: await draft(fx, 'sent') })),

    // The portal: sign-in is public (same answer for everyone); the rest needs a patient session.
    publicRoute('POST /api/portal/sign-in', 202, (fx) => ({ payload: { organization: fx.home.slug, contact: `nobody-${Math.random().toString(36).slice(2)}@example.test`, dateOfBirth: '1980-01-01' } })),
    publicRoute('POST /api/portal/sign-in/resend', 202, async (fx) => ({ payload: { challengeId: await ownChallenge(fx) } })),
    publicRoute('POST /api/portal/verify', 400, () => ({ payload: { challengeId: UNKNOWN_ID, code: '123456' } })),
    { ...publicRoute('POST /api/portal/sign-out', 204), patientRequest: async (fx) => ({ cookie: await fx.patient.newSession() }) },
    portalRoute('GET /api/portal/overview'),
    portalRoute(
      'POST /api/portal/requests/:id/cancel',
      async (fx) => ({ url: `/api/portal/requests/${await fx.patient.newRequest()}/cancel`, payload: {} }),
      () => ({ url: `/api/portal/requests/${UNKNOWN_ID}/cancel`, payload: {} }),
    ),
    {
      // A patient's reply reaches only their own conversations (another patient's, another practice's: 404 — portal.int.test.ts).
      ...portalRoute(
        'POST /api/portal/threads/:id/replies',
        async (fx) => ({ url: `/api/portal/threads/${await patientThread(fx)}/replies`, payload: { reply: 'Tuesday works for me.' } }),
        () => ({ url: `/api/portal/threads/${UNKNOWN_ID}/replies`, payload: { reply: 'Hello' } }),
      ),
      patient: 201,
    },
    portalRoute(
      'POST /api/portal/requests/:id/intake-link',
      async (fx) => ({ url: `/api/portal/requests/${await fx.patient.newRequest()}/intake-link`, payload: {} }),
      () => ({ url: `/api/portal/requests/${UNKNOWN_ID}/intake-link`, payload: {} }),
    ),

    // The intake form: the link's token is the key.
    publicRoute('GET /api/intake', 200, (fx) => withToken(fx)),
    publicRoute('PATCH /api/intake', 200, (fx) => withToken(fx, { answers: { demographics: { city: 'Hartford' } } })),
    publicRoute('POST /api/intake/submit', 200, (fx) => withToken(fx, { answers: COMPLETE_INTAKE })),

    // Staff read the intake (handoffs.work); a patient session is a stranger here.
    {
      route: 'GET /api/appointment-requests/:id/intake',
      expect: only([...WORKERS], 200),
      request: async (fx) => ({ url: `/api/appointment-requests/${(await submittedIntake(fx)).requestId}/intake` }),
      otherOrganization: { as: 'supervisor', status: 404, request: async (fx) => ({ url: `/api/appointment-requests/${(await submittedIntake(fx)).requestId}/intake` }) },
    },
    {
      route: 'GET /api/intake/:id/fhir',
      expect: only([...WORKERS], 200),
      request: async (fx) => ({ url: `/api/intake/${(await submittedIntake(fx)).intakeId}/fhir` }),
      otherOrganization: { as: 'agent', status: 404, request: async (fx) => ({ url: `/api/intake/${(await submittedIntake(fx)).intakeId}/fhir` }) },
    },
  ];
}
