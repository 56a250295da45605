import type { MatrixFixtures, MatrixRow, SampleRequest } from './authorization-matrix.test-helpers.js';
import { everyone, NOT_ORGANIZATION_SCOPED, only } from './authorization-matrix.test-helpers.js';
import { createSubmittedRequest } from '../features/appointment-requests/request-submission.service.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The authorization-matrix rows of scheduling a visit (issue 19 §3): the staff dialog's options
 * (handoff workers; developers 403; another organization's request 404) and the portal's visit
 * routes (a patient session only, and only that patient's visits: the runner's stranger gets 401,
 * the patient's unknown id 404).
 */
export function schedulingMatrixRows(): MatrixRow[] {
  const WORKERS = ['admin', 'supervisor', 'agent'] as const;
  const request = async (fx: MatrixFixtures): Promise<SampleRequest> => {
    const r = await fx.ctx.db.transaction((tx) =>
      createSubmittedRequest(fx.ctx, tx, {
        organizationId: fx.home.id,
        source: 'web',
        firstName: 'Matrix',
        lastName: 'Visit',
        dateOfBirth: '1980-04-02',
        phone: '+18605550144',
        email: 'matrix.visit@example.test',
        reason: 'Follow-up',
        preferences: { days: ['tue'], timesOfDay: ['morning'] },
        consentToContact: true,
      }),
    );
    return { url: `/api/appointment-requests/${r.request.id}/schedule-options?durationMinutes=30` };
  };
  /** A request of the matrix's portal patient, scheduled by an admin three days ahead. */
  const scheduledVisit = async (fx: MatrixFixtures): Promise<string> => {
    const id = await fx.patient.newRequest();
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await fx.asAdmin('POST', `/api/appointment-requests/${id}/schedule`, { version: 1, scheduledFor: `${day}T10:00`, durationMinutes: 30 });
    return id;
  };
  const portalVisitRoute = (method: 'GET' | 'POST', path: string, payload?: object): MatrixRow => ({
    route: `${method} /api/portal/requests/:id${path}`,
    expect: everyone(401),
    patient: 200,
    patientRequest: async (fx) => ({ url: `/api/portal/requests/${await scheduledVisit(fx)}${path}`, payload }),
    request: () => ({ url: `/api/portal/requests/${UNKNOWN_ID}${path}`, payload }),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  });

  return [
    {
      route: 'GET /api/appointment-requests/:id/schedule-options',
      expect: only([...WORKERS], 200),
      request,
      otherOrganization: { as: 'agent', request, status: 404 },
    },
    portalVisitRoute('GET', '/visit.ics'),
    portalVisitRoute('POST', '/visit/cancel', { reason: 'Matrix: no longer needed' }),
    portalVisitRoute('POST', '/visit/another-time', { message: 'Matrix: a Thursday morning instead' }),
  ];
}
