import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../domain/auth/permissions.js';
import { sendMessage } from '../features/outbox/outbox.service.js';
import { reportError } from '../features/errors/errors.service.js';
import {
  createOrganization,
  createStaffUser,
  createTestApp,
  enableTwoFactor,
  LOOPBACK_RECORDINGS_ENV,
  outboxFor,
  registeredRoutes,
  routeKey,
  signIn,
  tokenFromBody,
  uniqueEmail,
  type TestAppHandle,
} from '../test-support/index.js';
import { matrixPatient } from '../test-support/patients.js';
import {
  EXCLUDED_ROUTES,
  MATRIX,
  NOT_ORGANIZATION_SCOPED,
  PRINCIPALS,
  type MatrixFixtures,
  type MatrixRow,
  type Principal,
  type SampleRequest,
} from './authorization-matrix.test-table.js';

const ROLES: Role[] = ['admin', 'supervisor', 'agent', 'developer'];

let t: TestAppHandle;
let fx: MatrixFixtures;

beforeAll(async () => {
  t = await createTestApp(LOOPBACK_RECORDINGS_ENV);
  const home = await createOrganization(t.ctx, { name: 'Matrix Home Clinic' });
  const other = await createOrganization(t.ctx, { name: 'Matrix Other Clinic' });

  const signedInUser = async (role: Role, organizationIds: string[]) => {
    const u = await createStaffUser(t.ctx, { role, organizationIds });
    return { ...u, cookie: await signIn(t.app, u.email, u.password) };
  };
  const users = {} as MatrixFixtures['users'];
  const outsiders = {} as MatrixFixtures['outsiders'];
  for (const role of ROLES) {
    users[role] = await signedInUser(role, [home.id]);
    outsiders[role] = await signedInUser(role, [other.id]);
  }

  // Records of `home` that a user of `other` must never see.
  await sendMessage(t.db, { channel: 'sms', recipient: '+18605550199', body: 'Home clinic message.', template: 'matrix', organizationId: home.id });
  const { digest: errorDigest } = await reportError(t.db, { source: 'server', message: 'matrix: an error of the home clinic', organizationId: home.id });
  // And errors of `other` and of no organization, so the list's check has something to leave out.
  await reportError(t.db, { source: 'server', message: 'matrix: an error of the other clinic', organizationId: other.id });
  await t.app.inject({ method: 'POST', url: '/api/sentry-example/server-error' });

  const newUser: MatrixFixtures['newUser'] = (input = {}) =>
    createStaffUser(t.ctx, { role: input.role ?? 'agent', organizationIds: [home.id], status: input.status, password: input.status === 'invited' ? null : undefined });
  const freshSession: MatrixFixtures['freshSession'] = async (as) => {
    if (as === 'anonymous') return undefined;
    return signedInUser(as, [home.id]);
  };

  const asAdmin: MatrixFixtures['asAdmin'] = async (method, url, payload) => {
    const res = await t.app.inject({ method, url, headers: { cookie: users.admin.cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
    if (res.statusCode >= 300) throw new Error(`fixture ${method} ${url} failed: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  fx = {
    patient: await matrixPatient(t.app, t.ctx, home),
    app: t.app,
    asAdmin,
    newOrganization: (status = 'active') => createOrganization(t.ctx, { status }),
    newSchedule: async () => {
      const schedule = await asAdmin<{ id: string }>('POST', `/api/organizations/${home.id}/schedules`, { name: `Matrix schedule ${Math.random().toString(36).slice(2, 10)}` });
      await asAdmin('POST', `/api/schedules/${schedule.id}/shifts`, { assignee: { type: 'phone', phone: '+18605550125' }, days: [1], start: '09:00', end: '12:00' });
      const full = await asAdmin<{ version: number; shifts: { id: string; version: number }[]; overrides: { id: string; version: number }[] }>(
        'POST',
        `/api/schedules/${schedule.id}/overrides`,
        { assignee: { type: 'phone', phone: '+18605550126' }, from: '2031-01-05T09:00', to: '2031-01-05T12:00' },
      );
      return {
        id: schedule.id,
        version: full.version,
        shiftId: full.shifts[0]!.id,
        shiftVersion: full.shifts[0]!.version,
        overrideId: full.overrides[0]!.id,
        overrideVersion: full.overrides[0]!.version,
      };
    },
    ctx: t.ctx,
    home,
    other,
    users,
    outsiders,
    errorDigest,
    newUser,
    freshSession,
    resetToken: async () => {
      const u = await newUser();
      await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: u.email } });
      const [message] = await outboxFor(t.db, u.email, 'password-reset');
      return tokenFromBody(message!.body);
    },
    invitationToken: async () => {
      const email = uniqueEmail('invitee');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { cookie: users.admin.cookie },
        payload: { email, name: 'Matrix Invitee', role: 'agent', organizationIds: [home.id], mode: 'invite' },
      });
      if (res.statusCode !== 201) throw new Error(`invitation failed: ${res.body}`);
      const [message] = await outboxFor(t.db, email, 'user-invitation');
      return tokenFromBody(message!.body);
    },
    freshSessionWithTwoFactor: async (as) => {
      const s = await freshSession(as);
      if (!s) return undefined;
      const { cookie } = await enableTwoFactor(t.app, s.cookie, s.password);
      return { ...s, cookie };
    },
  };
});
afterAll(() => t?.close());

function send(row: MatrixRow, req: SampleRequest, cookie: string | undefined) {
  const [method, url] = row.route.split(' ') as [string, string];
  const query = req.query ? `?${new URLSearchParams(req.query)}` : '';
  return t.app.inject({
    method: method as 'GET',
    url: (req.url ?? url) + query,
    headers: { ...req.headers, ...(cookie ? { cookie } : {}) },
    ...(req.payload !== undefined ? { payload: req.payload as object } : {}),
  });
}

/**
 * The error code of a refusal: the error envelope's, or — under /api/v1/fhir, where errors are
 * FHIR OperationOutcomes — the one in the first issue's details (urn:switchboard:api-error).
 */
function codeOf(body: { error?: { code?: string }; resourceType?: string; issue?: { details?: { coding?: { code?: string }[] } }[] }): string | undefined {
  return body.resourceType === 'OperationOutcome' ? body.issue?.[0]?.details?.coding?.[0]?.code : body.error?.code;
}

describe('every registered route has exactly one row', () => {
  it('no route is missing from the matrix, and no row names a route that does not exist', () => {
    const registered = registeredRoutes(t.app).map(routeKey).filter((k) => !EXCLUDED_ROUTES.has(k));
    // The route tree reading found the API (a misreading would make this test pass vacuously).
    expect(registered).toContain('GET /api/session');
    expect(registered.length).toBeGreaterThan(30);

    const rows = MATRIX.map((r) => r.route);
    const duplicates = rows.filter((r, i) => rows.indexOf(r) !== i);
    expect(duplicates, 'routes with more than one row').toEqual([]);
    expect(registered.filter((k) => !rows.includes(k)), 'registered routes without a row in authorization-matrix.table.ts').toEqual([]);
    expect(rows.filter((k) => !registered.includes(k)), 'rows for routes that are not registered').toEqual([]);
  });
});

describe.each(MATRIX.map((row) => [row.route, row] as const))('%s', (_route, row) => {
  it.each(PRINCIPALS.map((p) => [p, row.expect[p]] as const))('%s → %i', async (as: Principal, expected: number) => {
    const req = (await row.request?.(fx, as)) ?? {};
    const cookie = req.cookie ?? (as === 'anonymous' ? undefined : fx.users[as].cookie);
    const res = await send(row, req, cookie);
    expect(res.statusCode, `${as} ${row.route}: ${res.body.slice(0, 300)}`).toBe(expected);
    if (expected === 401) expect(codeOf(res.json())).toBe(row.codes?.[as] ?? 'unauthenticated');
    if (expected === 403) expect(codeOf(res.json())).toBe(row.codes?.[as] ?? 'forbidden');
    if (expected < 400 && (as === 'anonymous' || ROLES.includes(as))) {
      // An allowed caller is never told it is not allowed.
      expect([401, 403]).not.toContain(res.statusCode);
    }
  });

  // A portal patient's session: the portal's own routes, never a staff route.
  const patientExpects = row.patient ?? row.expect.anonymous;
  it(`patient → ${patientExpects}`, async () => {
    const req = (await (row.patientRequest ? row.patientRequest(fx) : row.request?.(fx, 'anonymous'))) ?? {};
    const res = await send(row, req, [req.cookie, fx.patient.cookie].filter(Boolean).join('; '));
    expect(res.statusCode, `patient ${row.route}: ${res.body.slice(0, 300)}`).toBe(patientExpects);
    if (patientExpects === 401) expect(codeOf(res.json())).toBe(row.codes?.patient ?? 'unauthenticated');
  });

  const other = row.otherOrganization;
  if (other !== NOT_ORGANIZATION_SCOPED) {
    it(`a ${other.as} of another organization → ${other.status}`, async () => {
      const req = await other.request(fx);
      const res = await send(row, req, fx.outsiders[other.as].cookie);
      expect(res.statusCode, `${row.route}: ${res.body.slice(0, 300)}`).toBe(other.status);
      if (other.status === 404) expect(codeOf(res.json())).toBe('not_found');
      other.verify?.(res.json(), fx);
    });
  }
});
