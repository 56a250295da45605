import * as OTPAuth from 'otpauth';
import { everyone, foreign, NOT_ORGANIZATION_SCOPED, only, signedIn, type MatrixRow } from './authorization-matrix.test-helpers.js';
import { handoffMatrixRows } from './authorization-matrix.handoffs.test-cases.js';
import { schedulingMatrixRows } from './authorization-matrix.scheduling.test-cases.js';
import { callsMatrixRows } from './authorization-matrix.calls.test-cases.js';
import { organizationsMatrixRows } from './authorization-matrix.organizations.test-cases.js';
import { telephonyMatrixRows } from './authorization-matrix.telephony.test-cases.js';
import { patientMatrixRows } from './authorization-matrix.patient.test-cases.js';
import { outboundWebMatrixRows } from './authorization-matrix.outbound-web.test-cases.js';
import { outboundMatrixRows } from './authorization-matrix.outbound.test-cases.js';
import { outboundSettingsMatrixRows } from './authorization-matrix.outbound-settings.test-cases.js';
import { developerPlatformMatrixRows } from './authorization-matrix.developer-platform.test-cases.js';
import { fhirMatrixRows } from './authorization-matrix.fhir.test-cases.js';
import { analyticsMatrixRows } from './authorization-matrix.analytics.test-cases.js';
import { calendarsMatrixRows } from './authorization-matrix.calendars.test-cases.js';
import { webBookingMatrixRows } from './authorization-matrix.web-booking.test-cases.js';
import { agentTestsMatrixRows } from './authorization-matrix.agent-tests.test-cases.js';

export * from './authorization-matrix.test-helpers.js';

const NEW_PASSWORD = 'matrix new passphrase 77';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

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
    // The same step with a backup code: without the first step's cookie it is refused (400) too.
    route: 'POST /api/session/login/backup-code',
    expect: everyone(400),
    request: () => ({ payload: { code: 'abcde-12345' } }),
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
    route: 'GET /api/developer/telephony',
    expect: only(['admin', 'developer'], 200),
    otherOrganization: {
      as: 'developer',
      request: () => ({}),
      status: 200,
      verify: (body, fx) => {
        const numbers = (body as { numbers: { organizationId: string }[] }).numbers;
        if (numbers.some((n) => n.organizationId === fx.home.id)) throw new Error("telephony setup lists another organization's numbers");
      },
    },
  },
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
  {
    route: 'GET /api/developer/errors',
    expect: only(['admin', 'developer'], 200),
    otherOrganization: {
      as: 'developer',
      request: () => ({}),
      status: 200,
      verify: (body, fx) => {
        const items = (body as { items: { digest: string; organizationId: string | null }[] }).items;
        if (items.some((e) => e.organizationId !== fx.other.id)) throw new Error("error log shows another organization's errors, or errors of none");
        if (items.some((e) => e.digest === fx.errorDigest)) throw new Error("error log lists another organization's error");
      },
    },
  },
  {
    route: 'GET /api/developer/errors/:digest',
    expect: only(['admin', 'developer'], 200),
    request: (fx) => ({ url: `/api/developer/errors/${fx.errorDigest}` }),
    otherOrganization: foreign('developer', (fx) => ({ url: `/api/developer/errors/${fx.errorDigest}` })),
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
  ...schedulingMatrixRows(),

  // ── clinicians' calendars and booked visits (authorization-matrix.calendars.test-cases.ts) ──
  ...calendarsMatrixRows(),

  // ── calls and the overview (rows in calls.matrix.ts) ─────────────────────────────────────
  ...callsMatrixRows(),

  // ── telephony: Twilio webhooks and the call simulator (rows in telephony.matrix.ts) ──────
  ...telephonyMatrixRows(),

  // ── patients: request flow, portal, intake (rows in features/portal/patient.matrix.ts) ───
  ...patientMatrixRows(),
  ...webBookingMatrixRows(),

  // ── outbound web side: do-not-call list, campaign import (authorization-matrix.outbound-web.test-cases.ts) ──
  ...outboundWebMatrixRows(),
  ...outboundMatrixRows(),
  ...outboundSettingsMatrixRows(),

  // ── developer platform: API keys and the public API (/api/v1) ───────────────────────────
  ...developerPlatformMatrixRows(),
  // ── FHIR scheduling (/api/v1/fhir; authorization-matrix.fhir.test-cases.ts) ──────────────
  ...fhirMatrixRows(),
  ...agentTestsMatrixRows(),

  // ── analytics (authorization-matrix.analytics.test-cases.ts) ─────────────────────────────
  ...analyticsMatrixRows(),
  // Live updates: an event stream needs `Accept: text/event-stream`; without it the route
  // answers 406 once access is granted, which keeps this sample from streaming forever.
  { route: 'GET /api/live', expect: signedIn(406), request: () => ({ query: { topics: 'calls,handoffs' } }), otherOrganization: NOT_ORGANIZATION_SCOPED },
];

/** Routes that exist only in some configurations and are left out of the matrix. */
export const EXCLUDED_ROUTES = new Set([
  // ENABLE_TEST_CLOCK only (browser tests); never in production.
  'POST /api/test/clock',
]);
