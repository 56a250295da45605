import * as OTPAuth from 'otpauth';
import type { Role } from '../../domain/auth/permissions.js';
import type { AppContext } from '../app-context.js';
import type { OrganizationRow } from '../features/organizations/organizations.repository.js';
import type { StaffUser } from '../test-support/factories.js';
import type { TestApp } from '../test-support/test-app.js';
import { handoffMatrixRows } from '../features/handoffs/handoffs.matrix.js';
import { callsMatrixRows } from '../features/calls/calls.matrix.js';
import { organizationsMatrixRows } from '../features/organizations/organizations.matrix.js';
import { telephonyMatrixRows } from '../telephony/telephony.matrix.js';
import { patientMatrixRows } from '../features/portal/patient.matrix.js';
import type { MatrixPatient } from '../test-support/patients.js';

/**
 * The authorization matrix (PRODUCT §2, issue 2 point 5): one object per registered route with
 * the status each kind of caller gets, run for real by authorization-matrix.int.test.ts. A
 * route without a row, or a row without a route, fails that test.
 *
 * The expectations are written out here from the product's permission table on purpose: they
 * are not derived from `CAPABILITIES`, so a wrong change there is caught here.
 *
 * To add a route: add one object to MATRIX (keep the feature's section together), with
 * - `expect`: the status for every principal — the exact success status for those allowed
 *   (the sample request must be valid enough to reach it), 403 for a role that may not,
 *   401 for anonymous on a non-public route;
 * - `request`: a sample request (path with its ids, body, query); it may make what it needs
 *   with the fixtures, and may bring a session of its own (for routes that end or rotate it);
 * - `otherOrganization`: for a route that takes (or lists) records of an organization, what a
 *   user of another organization gets: 404 for a record of an organization they may not see
 *   (never 403), or a list that does not contain it; otherwise NOT_ORGANIZATION_SCOPED;
 * - `patient` (optional): what a signed-in patient of the portal gets — by default the same as
 *   anonymous (a patient session opens no staff route); `patientRequest` its sample request
 *   (default: anonymous's).
 */

export const PRINCIPALS = ['anonymous', 'admin', 'supervisor', 'agent', 'developer'] as const;
export type Principal = (typeof PRINCIPALS)[number];
const STAFF_ROLES: Role[] = ['admin', 'supervisor', 'agent', 'developer'];

export interface MatrixFixtures {
  app: TestApp;
  ctx: AppContext;
  /** The organization every non-admin principal belongs to (admins see all). */
  home: OrganizationRow;
  /** An organization none of the principals belongs to; its users are the "other organization". */
  other: OrganizationRow;
  /** The signed-in principals (members of `home`). */
  users: Record<Role, StaffUser & { cookie: string }>;
  /** Signed-in users of each role who belong only to `other`. */
  outsiders: Record<Role, StaffUser & { cookie: string }>;
  /** A digest of an error in the error log. */
  errorDigest: string;
  /** A new user to act on (members of `home` unless told otherwise). */
  newUser(input?: Partial<Pick<StaffUser, 'role'>> & { status?: 'active' | 'invited' | 'disabled' }): Promise<StaffUser>;
  /**
   * A new user of the principal's role with a session of its own, for routes that change or end
   * the session (sign-out, password change, two-factor). Undefined for anonymous.
   */
  freshSession(as: Principal): Promise<(StaffUser & { cookie: string }) | undefined>;
  /** A token from a real reset email, or from a real invitation email. */
  resetToken(): Promise<string>;
  invitationToken(): Promise<string>;
  /** A fresh session whose user has two-factor turned on. */
  freshSessionWithTwoFactor(as: Principal): Promise<(StaffUser & { cookie: string }) | undefined>;
  /** A request as the admin principal that must succeed; answers the JSON body. */
  asAdmin<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown): Promise<T>;
  /** A new organization (admins only see it; no principal is a member) — for deactivation and the like. */
  newOrganization(status?: 'active' | 'deactivated'): Promise<OrganizationRow>;
  /** A new schedule of `home` with one shift and one override (made through the API as admin). */
  newSchedule(): Promise<{ id: string; version: number; shiftId: string; shiftVersion: number; overrideId: string; overrideVersion: number }>;
  /** A patient of `home` signed into the portal (their own session cookie, not a staff one). */
  patient: MatrixPatient;
}

export interface SampleRequest {
  /** The path with its parameters filled in (defaults to the route's url). */
  url?: string;
  query?: Record<string, string>;
  payload?: unknown;
  /** A session of its own (or a draft cookie); otherwise the principal's (none for anonymous). */
  cookie?: string;
  headers?: Record<string, string>;
}

type Expectations = Record<Principal, number>;

export interface OtherOrganizationCase {
  /** The role of the user of the other organization (their organization only). */
  as: Exclude<Role, 'admin'>;
  /** A request about a record (or list) of `home`. */
  request: (fx: MatrixFixtures) => SampleRequest | Promise<SampleRequest>;
  /** 404 for a record; the success status for a list (then `verify` checks that nothing leaks). */
  status: number;
  verify?: (body: unknown, fx: MatrixFixtures) => void;
}

export const NOT_ORGANIZATION_SCOPED = 'not organization-scoped' as const;

export interface MatrixRow {
  /** `METHOD /url` exactly as registered, e.g. `PATCH /api/users/:id`. */
  route: string;
  expect: Expectations;
  request?: (fx: MatrixFixtures, as: Principal) => SampleRequest | Promise<SampleRequest>;
  otherOrganization: OtherOrganizationCase | typeof NOT_ORGANIZATION_SCOPED;
  /** What a portal patient gets (default: the anonymous expectation). */
  patient?: number;
  patientRequest?: (fx: MatrixFixtures) => SampleRequest | Promise<SampleRequest>;
}

/** Everyone, signed in or not, gets `status`. */
export const everyone = (status: number): Expectations => ({ anonymous: status, admin: status, supervisor: status, agent: status, developer: status });

/** Any signed-in staff user gets `status`; anonymous 401. */
export const signedIn = (status: number): Expectations => ({ ...everyone(status), anonymous: 401 });

/** The listed roles get `status`, the other roles 403, anonymous 401. */
export function only(roles: Role[], status: number): Expectations {
  const e = { anonymous: 401 } as Expectations;
  for (const role of STAFF_ROLES) e[role] = roles.includes(role) ? status : 403;
  return e;
}

const NEW_PASSWORD = 'matrix new passphrase 77';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** A record of `home` asked for by a user of `other`: 404, never 403 (STYLE.md rule 4). */
export const foreign = (as: OtherOrganizationCase['as'], request: OtherOrganizationCase['request']): OtherOrganizationCase => ({ as, request, status: 404 });

export const MATRIX: MatrixRow[] = [
  // ── health (public probes) ───────────────────────────────────────────────────────────────
  { route: 'GET /healthz', expect: everyone(200), otherOrganization: NOT_ORGANIZATION_SCOPED },
  { route: 'GET /readyz', expect: everyone(200), otherOrganization: NOT_ORGANIZATION_SCOPED },
  { route: 'GET /metrics', expect: everyone(200), otherOrganization: NOT_ORGANIZATION_SCOPED },
  { route: 'GET /api/openapi.json', expect: everyone(200), otherOrganization: NOT_ORGANIZATION_SCOPED },

  // ── session ──────────────────────────────────────────────────────────────────────────────
  {
    route: 'GET /api/session',
    expect: signedIn(200),
    otherOrganization: {
      as: 'supervisor',
      request: () => ({}),
      status: 200,
      verify: (body, fx) => {
        const b = body as { user: { organizationIds: string[] }; organizations: { id: string }[] };
        if (b.user.organizationIds.includes(fx.home.id) || b.organizations.some((o) => o.id === fx.home.id)) throw new Error('session lists a foreign organization');
      },
    },
  },
  {
    route: 'POST /api/session/login',
    expect: everyone(200),
    request: async (fx) => {
      const u = await fx.newUser({ role: 'agent' });
      return { payload: { email: u.email, password: u.password } };
    },
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },
  {
    // Public second step; without the first step's cookie the code is refused (400), never 401/403.
    route: 'POST /api/session/login/two-factor',
    expect: everyone(400),
    request: () => ({ payload: { code: '123456' } }),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },
  {
    route: 'POST /api/session/logout',
    expect: everyone(204),
    request: async (fx, as) => ({ cookie: (await fx.freshSession(as))?.cookie }),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },

  // ── password ─────────────────────────────────────────────────────────────────────────────
  {
    route: 'POST /api/password/forgot',
    expect: everyone(202),
    request: (fx) => ({ payload: { email: fx.users.agent.email } }),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },
  {
    route: 'POST /api/password/reset',
    expect: everyone(200),
    request: async (fx) => ({ payload: { token: await fx.resetToken(), newPassword: NEW_PASSWORD } }),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },
  {
    route: 'POST /api/invitations/accept',
    expect: everyone(200),
    request: async (fx) => ({ payload: { token: await fx.invitationToken(), name: 'Matrix Invitee', password: NEW_PASSWORD } }),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },
  {
    route: 'POST /api/links/check',
    expect: everyone(200),
    request: async (fx) => ({ payload: { token: await fx.invitationToken(), purpose: 'invite' } }),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },
  {
    route: 'POST /api/password/change',
    expect: signedIn(200),
    request: async (fx, as) => {
      const s = await fx.freshSession(as);
      return { cookie: s?.cookie, payload: { currentPassword: s?.password ?? 'whatever password', newPassword: NEW_PASSWORD } };
    },
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },

  // ── profile (own account; `session` access) ──────────────────────────────────────────────
  { route: 'GET /api/profile', expect: signedIn(200), otherOrganization: NOT_ORGANIZATION_SCOPED },
  {
    route: 'PATCH /api/profile',
    expect: signedIn(200),
    request: () => ({ payload: { notificationPreferences: { email: true, sms: false, urgentHandoffs: true, dailySummary: false } } }),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },
  { route: 'GET /api/profile/sessions', expect: signedIn(200), otherOrganization: NOT_ORGANIZATION_SCOPED },
  {
    route: 'POST /api/profile/sessions/revoke-others',
    expect: signedIn(200),
    request: async (fx, as) => ({ cookie: (await fx.freshSession(as))?.cookie }),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },
  {
    // Another user's session id is 404 (profile.int.test.ts); here one's own.
    route: 'DELETE /api/profile/sessions/:id',
    expect: signedIn(204),
    request: async (fx, as) => {
      const s = await fx.freshSession(as);
      if (!s) return { url: `/api/profile/sessions/${UNKNOWN_ID}` };
      const { rows } = await fx.ctx.pool.query<{ id: string }>('select id from sessions where user_id = $1 limit 1', [s.id]);
      return { url: `/api/profile/sessions/${rows[0]!.id}`, cookie: s.cookie };
    },
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },
  {
    route: 'POST /api/profile/two-factor/enable',
    expect: signedIn(200),
    request: async (fx, as) => {
      const s = await fx.freshSession(as);
      return { cookie: s?.cookie, payload: { password: s?.password ?? 'whatever password' } };
    },
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },
  {
    route: 'POST /api/profile/two-factor/confirm',
    expect: signedIn(200),
    request: async (fx, as) => {
      const s = await fx.freshSession(as);
      if (!s) return { payload: { code: '123456' } };
      const enable = await fx.app.inject({ method: 'POST', url: '/api/profile/two-factor/enable', headers: { cookie: s.cookie }, payload: { password: s.password } });
      const totp = OTPAuth.URI.parse(enable.json().totpURI) as OTPAuth.TOTP;
      return { cookie: s.cookie, payload: { code: totp.generate() } };
    },
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },
  {
    route: 'POST /api/profile/two-factor/disable',
    expect: signedIn(200),
    request: async (fx, as) => {
      const s = await fx.freshSessionWithTwoFactor(as);
      return { cookie: s?.cookie, payload: { password: s?.password ?? 'whatever password' } };
    },
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },

  // ── users (admin) ────────────────────────────────────────────────────────────────────────
  { route: 'GET /api/users', expect: only(['admin'], 200), otherOrganization: NOT_ORGANIZATION_SCOPED },
  {
    route: 'POST /api/users',
    expect: only(['admin'], 201),
    request: (fx) => ({
      payload: { email: `matrix-${Math.random().toString(36).slice(2)}@example.test`, name: 'Matrix Invitee', role: 'agent', organizationIds: [fx.home.id], mode: 'invite' },
    }),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },
  {
    route: 'GET /api/users/:id',
    expect: only(['admin'], 200),
    request: (fx) => ({ url: `/api/users/${fx.users.agent.id}` }),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },
  {
    route: 'PATCH /api/users/:id',
    expect: only(['admin'], 200),
    request: async (fx) => ({ url: `/api/users/${(await fx.newUser()).id}`, payload: { name: 'Renamed By Matrix' } }),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },
  {
    route: 'POST /api/users/:id/deactivate',
    expect: only(['admin'], 200),
    request: async (fx) => ({ url: `/api/users/${(await fx.newUser()).id}/deactivate` }),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },
  {
    route: 'POST /api/users/:id/reactivate',
    expect: only(['admin'], 200),
    request: async (fx) => ({ url: `/api/users/${(await fx.newUser({ status: 'disabled' })).id}/reactivate` }),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },
  {
    route: 'POST /api/users/:id/reset-password',
    expect: only(['admin'], 200),
    request: async (fx) => ({ url: `/api/users/${(await fx.newUser()).id}/reset-password`, payload: { mode: 'email' } }),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },
  {
    route: 'POST /api/users/:id/unlock',
    expect: only(['admin'], 204),
    request: async (fx) => ({ url: `/api/users/${(await fx.newUser()).id}/unlock` }),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },

  // ── security settings (admin) ────────────────────────────────────────────────────────────
  { route: 'GET /api/security-settings', expect: only(['admin'], 200), otherOrganization: NOT_ORGANIZATION_SCOPED },
  {
    // Never require two-factor here: every principal would be sent to set it up.
    route: 'PUT /api/security-settings',
    expect: only(['admin'], 200),
    request: () => ({ payload: { twoFactorRequiredRoles: [] } }),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },

  // ── developer area ───────────────────────────────────────────────────────────────────────
  {
    route: 'GET /api/developer/outbox',
    expect: only(['admin', 'developer'], 200),
    otherOrganization: {
      as: 'developer',
      request: () => ({}),
      status: 200,
      verify: (body, fx) => {
        const items = (body as { items: { organizationId: string | null }[] }).items;
        if (items.some((m) => m.organizationId === fx.home.id)) throw new Error("outbox shows another organization's messages");
      },
    },
  },
  { route: 'GET /api/developer/errors', expect: only(['admin', 'developer'], 200), otherOrganization: NOT_ORGANIZATION_SCOPED },
  {
    route: 'GET /api/developer/errors/:digest',
    expect: only(['admin', 'developer'], 200),
    request: (fx) => ({ url: `/api/developer/errors/${fx.errorDigest}` }),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },
  { route: 'GET /api/audit', expect: only(['admin'], 200), otherOrganization: NOT_ORGANIZATION_SCOPED },
  { route: 'GET /api/public-config', expect: everyone(200), otherOrganization: NOT_ORGANIZATION_SCOPED },
  {
    route: 'POST /api/client-errors',
    expect: everyone(201),
    request: () => ({ payload: { message: 'matrix: a client error' } }),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },
  {
    // Raises on purpose: every caller gets the 500 with a digest.
    route: 'POST /api/sentry-example/server-error',
    expect: everyone(500),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },

  // ── organizations, hours and schedules (rows in features/organizations/organizations.matrix.ts) ──
  ...organizationsMatrixRows(),

  // ── handoffs and staff decisions on appointment requests (rows in handoffs.matrix.ts) ───
  ...handoffMatrixRows(),

  // ── calls and the overview (rows in calls.matrix.ts) ─────────────────────────────────────
  ...callsMatrixRows(),

  // ── telephony: Twilio webhooks and the call simulator (rows in telephony.matrix.ts) ──────
  ...telephonyMatrixRows(),

  // ── patients: request flow, portal, intake (rows in features/portal/patient.matrix.ts) ───
  ...patientMatrixRows(),
  // Live updates: an event stream needs `Accept: text/event-stream`; without it the route
  // answers 406 once access is granted, which keeps this sample from streaming forever.
  { route: 'GET /api/live', expect: signedIn(406), request: () => ({ query: { topics: 'calls,handoffs' } }), otherOrganization: NOT_ORGANIZATION_SCOPED },
];

/** Routes that exist only in some configurations and are left out of the matrix. */
export const EXCLUDED_ROUTES = new Set([
  // ENABLE_TEST_CLOCK only (browser tests); never in production.
  'POST /api/test/clock',
]);
