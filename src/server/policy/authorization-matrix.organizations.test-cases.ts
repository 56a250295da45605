import type { MatrixFixtures, MatrixRow } from './authorization-matrix.test-helpers.js';
import { foreign, NOT_ORGANIZATION_SCOPED, only, signedIn } from './authorization-matrix.test-helpers.js';

/**
 * The authorization-matrix rows of organizations, business hours and schedules (spread into
 * MATRIX). Admins create, edit and deactivate; supervisors edit the hours and schedules of their own; every role reads its own;
 * a user of another organization gets 404 for a record of `home`, and lists without it.
 */
const listedIds = (body: unknown): string[] => ((body as { items?: { id: string }[] }).items ?? []).map((i) => i.id);
const listedOrganizationIds = (body: unknown): string[] => ((body as { items?: { organizationId: string }[] }).items ?? []).map((i) => i.organizationId);

const SHIFT = { assignee: { type: 'phone', phone: '+18605550123' }, days: [1, 2, 3], start: '09:00', end: '17:00' };
const OVERRIDE = { assignee: { type: 'phone', phone: '+18605550124' }, from: '2031-06-05T17:00', to: '2031-06-06T08:00', note: 'matrix' };
const currentVersion = async (fx: MatrixFixtures, id: string) =>
  (await fx.ctx.pool.query<{ version: number }>('select version from organizations where id = $1', [id])).rows[0]!.version;

export function organizationsMatrixRows(): MatrixRow[] {
  return [
  // ── organizations ────────────────────────────────────────────────────────────────────────
  {
    route: 'GET /api/organizations',
    expect: signedIn(200),
    otherOrganization: {
      as: 'supervisor',
      request: () => ({}),
      status: 200,
      verify: (body, fx) => {
        if (listedIds(body).includes(fx.home.id)) throw new Error('lists an organization the user is not in');
      },
    },
  },

  {
    route: 'POST /api/organizations',
    expect: only(['admin'], 201),
    request: () => {
      const slug = `matrix-${Math.random().toString(36).slice(2, 10)}`;
      return { payload: { name: `Matrix ${slug}`, slug, timeZone: 'America/Chicago' } };
    },
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },
  {
    route: 'GET /api/organizations/open-now',
    expect: signedIn(200),
    otherOrganization: {
      as: 'agent',
      request: () => ({}),
      status: 200,
      verify: (body, fx) => {
        if (listedOrganizationIds(body).includes(fx.home.id)) throw new Error('open-now lists an organization the user is not in');
      },
    },
  },
  {
    route: 'GET /api/organizations/:id',
    expect: signedIn(200),
    request: (fx) => ({ url: `/api/organizations/${fx.home.id}` }),
    otherOrganization: foreign('supervisor', (fx) => ({ url: `/api/organizations/${fx.home.id}` })),
  },
  {
    // An organization's identity, numbers and agent settings are the administrators' (PRODUCT §2: supervisors keep hours and schedules).
    route: 'PATCH /api/organizations/:id',
    expect: only(['admin'], 200),
    request: async (fx) => ({ url: `/api/organizations/${fx.home.id}`, payload: { version: await currentVersion(fx, fx.home.id), address: { city: 'Hartford' } } }),
    otherOrganization: NOT_ORGANIZATION_SCOPED, // administrators only, and they see every organization
  },
  {
    route: 'POST /api/organizations/:id/deactivate',
    expect: only(['admin'], 200),
    request: async (fx) => ({ url: `/api/organizations/${(await fx.newOrganization()).id}/deactivate`, payload: {} }),
    otherOrganization: NOT_ORGANIZATION_SCOPED, // administrators only, and they see every organization
  },
  {
    route: 'POST /api/organizations/:id/reactivate',
    expect: only(['admin'], 200),
    request: async (fx) => ({ url: `/api/organizations/${(await fx.newOrganization('deactivated')).id}/reactivate`, payload: {} }),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  },
  {
    route: 'GET /api/organizations/:id/members',
    expect: signedIn(200),
    request: (fx) => ({ url: `/api/organizations/${fx.home.id}/members` }),
    otherOrganization: foreign('agent', (fx) => ({ url: `/api/organizations/${fx.home.id}/members` })),
  },

  // ── hours ────────────────────────────────────────────────────────────────────────────────
  {
    route: 'GET /api/organizations/:id/hours',
    expect: signedIn(200),
    request: (fx) => ({ url: `/api/organizations/${fx.home.id}/hours` }),
    otherOrganization: foreign('agent', (fx) => ({ url: `/api/organizations/${fx.home.id}/hours` })),
  },
  {
    route: 'PUT /api/organizations/:id/hours',
    expect: only(['admin', 'supervisor'], 200),
    request: async (fx) => {
      const { version } = await fx.asAdmin<{ version: number }>('GET', `/api/organizations/${fx.home.id}/hours`);
      return { url: `/api/organizations/${fx.home.id}/hours`, payload: { version, weekly: [{ day: 1, start: '08:00', end: '17:00' }], overrides: [] } };
    },
    otherOrganization: foreign('supervisor', (fx) => ({ url: `/api/organizations/${fx.home.id}/hours`, payload: { version: 0, weekly: [], overrides: [] } })),
  },

  // ── schedules ────────────────────────────────────────────────────────────────────────────
  {
    route: 'GET /api/organizations/:id/schedules',
    expect: signedIn(200),
    request: (fx) => ({ url: `/api/organizations/${fx.home.id}/schedules` }),
    otherOrganization: foreign('agent', (fx) => ({ url: `/api/organizations/${fx.home.id}/schedules` })),
  },
  {
    route: 'POST /api/organizations/:id/schedules',
    expect: only(['admin', 'supervisor'], 201),
    request: (fx) => ({ url: `/api/organizations/${fx.home.id}/schedules`, payload: { name: `Matrix desk ${Math.random().toString(36).slice(2, 8)}` } }),
    otherOrganization: foreign('supervisor', (fx) => ({ url: `/api/organizations/${fx.home.id}/schedules`, payload: { name: 'Foreign desk' } })),
  },
  {
    route: 'GET /api/schedules/:scheduleId',
    expect: signedIn(200),
    request: async (fx) => ({ url: `/api/schedules/${(await fx.newSchedule()).id}` }),
    otherOrganization: foreign('agent', async (fx) => ({ url: `/api/schedules/${(await fx.newSchedule()).id}` })),
  },
  {
    route: 'PATCH /api/schedules/:scheduleId',
    expect: only(['admin', 'supervisor'], 200),
    request: async (fx) => {
      const s = await fx.newSchedule();
      return { url: `/api/schedules/${s.id}`, payload: { version: s.version, description: 'Changed by the matrix' } };
    },
    otherOrganization: foreign('supervisor', async (fx) => {
      const s = await fx.newSchedule();
      return { url: `/api/schedules/${s.id}`, payload: { version: s.version, name: 'Taken over' } };
    }),
  },
  {
    route: 'DELETE /api/schedules/:scheduleId',
    expect: only(['admin', 'supervisor'], 204),
    request: async (fx) => {
      const s = await fx.newSchedule();
      return { url: `/api/schedules/${s.id}`, query: { version: String(s.version) } };
    },
    otherOrganization: foreign('supervisor', async (fx) => {
      const s = await fx.newSchedule();
      return { url: `/api/schedules/${s.id}`, query: { version: String(s.version) } };
    }),
  },
  {
    route: 'GET /api/schedules/:scheduleId/on-duty',
    expect: signedIn(200),
    request: async (fx) => ({ url: `/api/schedules/${(await fx.newSchedule()).id}/on-duty` }),
    otherOrganization: foreign('agent', async (fx) => ({ url: `/api/schedules/${(await fx.newSchedule()).id}/on-duty` })),
  },
  {
    route: 'GET /api/schedules/:scheduleId/coverage',
    expect: signedIn(200),
    request: async (fx) => ({ url: `/api/schedules/${(await fx.newSchedule()).id}/coverage`, query: { days: '7' } }),
    otherOrganization: foreign('agent', async (fx) => ({ url: `/api/schedules/${(await fx.newSchedule()).id}/coverage` })),
  },
  {
    route: 'POST /api/schedules/:scheduleId/shifts',
    expect: only(['admin', 'supervisor'], 201),
    request: async (fx) => ({ url: `/api/schedules/${(await fx.newSchedule()).id}/shifts`, payload: SHIFT }),
    otherOrganization: foreign('supervisor', async (fx) => ({ url: `/api/schedules/${(await fx.newSchedule()).id}/shifts`, payload: SHIFT })),
  },
  {
    route: 'PUT /api/schedules/:scheduleId/shifts/:shiftId',
    expect: only(['admin', 'supervisor'], 200),
    request: async (fx) => {
      const s = await fx.newSchedule();
      return { url: `/api/schedules/${s.id}/shifts/${s.shiftId}`, payload: { version: s.shiftVersion, shift: { ...SHIFT, days: [4, 5] } } };
    },
    otherOrganization: foreign('supervisor', async (fx) => {
      const s = await fx.newSchedule();
      return { url: `/api/schedules/${s.id}/shifts/${s.shiftId}`, payload: { version: s.shiftVersion, shift: SHIFT } };
    }),
  },
  {
    route: 'DELETE /api/schedules/:scheduleId/shifts/:shiftId',
    expect: only(['admin', 'supervisor'], 200),
    request: async (fx) => {
      const s = await fx.newSchedule();
      return { url: `/api/schedules/${s.id}/shifts/${s.shiftId}`, query: { version: String(s.shiftVersion) } };
    },
    otherOrganization: foreign('supervisor', async (fx) => {
      const s = await fx.newSchedule();
      return { url: `/api/schedules/${s.id}/shifts/${s.shiftId}`, query: { version: String(s.shiftVersion) } };
    }),
  },
  {
    route: 'POST /api/schedules/:scheduleId/overrides',
    expect: only(['admin', 'supervisor'], 201),
    request: async (fx) => ({ url: `/api/schedules/${(await fx.newSchedule()).id}/overrides`, payload: OVERRIDE }),
    otherOrganization: foreign('supervisor', async (fx) => ({ url: `/api/schedules/${(await fx.newSchedule()).id}/overrides`, payload: OVERRIDE })),
  },
  {
    route: 'PUT /api/schedules/:scheduleId/overrides/:overrideId',
    expect: only(['admin', 'supervisor'], 200),
    request: async (fx) => {
      const s = await fx.newSchedule();
      return { url: `/api/schedules/${s.id}/overrides/${s.overrideId}`, payload: { version: s.overrideVersion, override: { ...OVERRIDE, note: 'changed' } } };
    },
    otherOrganization: foreign('supervisor', async (fx) => {
      const s = await fx.newSchedule();
      return { url: `/api/schedules/${s.id}/overrides/${s.overrideId}`, payload: { version: s.overrideVersion, override: OVERRIDE } };
    }),
  },
  {
    route: 'DELETE /api/schedules/:scheduleId/overrides/:overrideId',
    expect: only(['admin', 'supervisor'], 200),
    request: async (fx) => {
      const s = await fx.newSchedule();
      return { url: `/api/schedules/${s.id}/overrides/${s.overrideId}`, query: { version: String(s.overrideVersion) } };
    },
    otherOrganization: foreign('supervisor', async (fx) => {
      const s = await fx.newSchedule();
      return { url: `/api/schedules/${s.id}/overrides/${s.overrideId}`, query: { version: String(s.overrideVersion) } };
    }),
  },

  ];
}
