import type { MatrixFixtures, MatrixRow, SampleRequest } from './authorization-matrix.test-helpers.js';
import { only } from './authorization-matrix.test-helpers.js';
import { createSubmittedRequest } from '../features/appointment-requests/request-submission.service.js';
import { createHandoff } from '../features/handoff-records/create-handoff.service.js';

/**
 * The authorization-matrix rows of the handoff queue and of staff decisions on appointment
 * requests (spread into MATRIX). Staff who work handoffs (admin, supervisor, agent) reach
 * them; developers get 403; a user of another organization gets 404 for a record of `home`.
 * Each sample request makes its own records, so every principal acts on a fresh one.
 */
export function handoffMatrixRows(): MatrixRow[] {
  const WORKERS = ['admin', 'supervisor', 'agent'] as const;
  const works = (status: number) => only([...WORKERS], status);

  const handoff = async (fx: MatrixFixtures, extra: { contactPhone?: string } = {}) =>
    fx.ctx.db.transaction((tx) =>
      createHandoff(fx.ctx, tx, {
        organizationId: fx.home.id,
        type: 'callback',
        priority: 'normal',
        source: 'staff',
        reason: 'Matrix: call the patient back',
        contactName: 'Matrix Patient',
        contactPhone: extra.contactPhone ?? '+18605550142',
      }),
    );
  const request = async (fx: MatrixFixtures) =>
    fx.ctx.db.transaction((tx) =>
      createSubmittedRequest(fx.ctx, tx, {
        organizationId: fx.home.id,
        source: 'web',
        firstName: 'Matrix',
        lastName: 'Patient',
        dateOfBirth: '1980-04-02',
        phone: '+18605550143',
        email: 'matrix.patient@example.test',
        reason: 'Follow-up',
        consentToContact: true,
      }),
    );
  /** A wall time three days ahead, at 10:00 (never skipped by a clock change). */
  const future = () => `${new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)}T10:00`;

  const onHandoff = (path: string, payload?: unknown, prepare?: (fx: MatrixFixtures, id: string) => Promise<void>) => async (fx: MatrixFixtures): Promise<SampleRequest> => {
    const h = await handoff(fx);
    await prepare?.(fx, h.id);
    return { url: `/api/handoffs/${h.id}${path}`, payload };
  };
  const onRequest = (path: string, payload: (fx: MatrixFixtures) => unknown) => async (fx: MatrixFixtures): Promise<SampleRequest> => {
    const r = await request(fx);
    return { url: `/api/appointment-requests/${r.request.id}${path}`, payload: payload(fx) };
  };
  const foreign = (req: (fx: MatrixFixtures) => Promise<SampleRequest>) => ({ as: 'agent' as const, request: req, status: 404 });
  const resolveFirst = async (fx: MatrixFixtures, id: string) => {
    const res = await fx.app.inject({ method: 'POST', url: `/api/handoffs/${id}/resolve`, headers: { cookie: fx.users.admin.cookie }, payload: { outcome: 'completed' } });
    if (res.statusCode !== 200) throw new Error(`resolve failed: ${res.body}`);
  };

  const rows: MatrixRow[] = [
    {
      route: 'GET /api/handoffs',
      expect: works(200),
      otherOrganization: {
        as: 'supervisor',
        request: async (fx) => {
          await handoff(fx);
          return {};
        },
        status: 200,
        verify: (body, fx) => {
          const items = (body as { items: { organizationId: string }[] }).items;
          if (items.some((i) => i.organizationId === fx.home.id)) throw new Error("lists another organization's handoffs");
        },
      },
    },
    {
      route: 'POST /api/handoffs',
      expect: works(201),
      request: (fx) => ({ payload: { organizationId: fx.home.id, type: 'message', priority: 'low', reason: 'Matrix: a message for the practice' } }),
      otherOrganization: { as: 'supervisor', request: (fx) => ({ payload: { organizationId: fx.home.id, type: 'message', reason: 'Not yours' } }), status: 404 },
    },
    {
      route: 'GET /api/organizations/:id/handoff-deadlines',
      expect: works(200),
      request: (fx) => ({ url: `/api/organizations/${fx.home.id}/handoff-deadlines` }),
      otherOrganization: { as: 'agent', request: (fx) => ({ url: `/api/organizations/${fx.home.id}/handoff-deadlines` }), status: 404 },
    },
    {
      route: 'PUT /api/organizations/:id/handoff-deadlines',
      expect: only(['admin', 'supervisor'], 200),
      request: (fx) => ({ url: `/api/organizations/${fx.home.id}/handoff-deadlines`, payload: { urgent: null, high: 90, normal: null, low: null } }),
      otherOrganization: { as: 'supervisor', request: (fx) => ({ url: `/api/organizations/${fx.home.id}/handoff-deadlines`, payload: { urgent: 5, high: null, normal: null, low: null } }), status: 404 },
    },
  ];
  const perHandoff: [string, string, number, (fx: MatrixFixtures) => Promise<SampleRequest>][] = [
    ['GET', '', 200, onHandoff('')],
    ['GET', '/assignees', 200, onHandoff('/assignees')],
    ['POST', '/claim', 200, onHandoff('/claim')],
    ['POST', '/assign', 200, async (fx) => ({ ...(await onHandoff('/assign')(fx)), payload: { userId: fx.users.agent.id } })],
    ['POST', '/notes', 200, onHandoff('/notes', { body: 'Matrix note' })],
    ['POST', '/resolve', 200, onHandoff('/resolve', { outcome: 'completed', note: 'Done' })],
    ['POST', '/reopen', 200, onHandoff('/reopen', {}, resolveFirst)],
    ['POST', '/cancel', 200, onHandoff('/cancel', { reason: 'Matrix: duplicate' })],
    ['POST', '/callback-attempts', 200, onHandoff('/callback-attempts', { result: 'no_answer' })],
    ['GET', '/texts', 200, onHandoff('/texts')],
    ['POST', '/texts', 201, onHandoff('/texts', { template: 'call_back', language: 'en' })],
    [
      'POST',
      '/messages',
      200,
      async (fx) => {
        const r = await request(fx);
        return { url: `/api/handoffs/${r.handoffId}/messages`, payload: { channel: 'email', body: 'Matrix: we will call you tomorrow.' } };
      },
    ],
  ];
  for (const [method, path, status, req] of perHandoff) {
    rows.push({ route: `${method} /api/handoffs/:id${path}`, expect: works(status), request: req, otherOrganization: foreign(req) });
  }
  const perRequest: [string, string, (fx: MatrixFixtures) => Promise<SampleRequest>][] = [
    ['POST', '/schedule', onRequest('/schedule', () => ({ version: 1, scheduledFor: future() }))],
    ['POST', '/decline', onRequest('/decline', () => ({ version: 1, reason: 'Matrix: not accepting new patients' }))],
    ['POST', '/cancel', onRequest('/cancel', () => ({ version: 1, reason: 'Matrix: patient asked' }))],
    ['GET', '/fhir', onRequest('/fhir', () => undefined)],
  ];
  for (const [method, path, req] of perRequest) {
    rows.push({ route: `${method} /api/appointment-requests/:id${path}`, expect: works(200), request: req, otherOrganization: foreign(req) });
  }
  return rows;
}
