import type { MatrixFixtures, MatrixRow } from './authorization-matrix.test-helpers.js';
import { foreign, only } from './authorization-matrix.test-helpers.js';

/**
 * The authorization-matrix rows of an organization's outbound settings, the single-call timing and
 * the patient search (issue 16): everyone who places or reads outbound calls reads the settings
 * (not developers: /outbound is not theirs, PRODUCT §2),
 * supervisors and administrators change them; those who place calls ask when one would be placed;
 * the roles that read health information search patients. Another organization: 404.
 */
export function outboundSettingsMatrixRows(): MatrixRow[] {
  const settings = (fx: MatrixFixtures) => `/api/organizations/${fx.home.id}/outbound-settings`;
  const body = { window: { start: '08:00', end: '21:00', days: [1, 2, 3, 4, 5, 6, 7] }, concurrency: null };
  const timing = (fx: MatrixFixtures) => ({ query: { organizationId: fx.home.id, phone: '+18605550142' } });
  const patients = (fx: MatrixFixtures) => ({ url: `/api/organizations/${fx.home.id}/patients`, query: { q: 'rossi' } });
  return [
    {
      route: 'GET /api/organizations/:id/outbound-settings',
      expect: only(['admin', 'supervisor', 'agent'], 200),
      request: (fx) => ({ url: settings(fx) }),
      otherOrganization: foreign('agent', (fx) => ({ url: settings(fx) })),
    },
    {
      route: 'PUT /api/organizations/:id/outbound-settings',
      expect: only(['admin', 'supervisor'], 200),
      request: (fx) => ({ url: settings(fx), payload: body }),
      otherOrganization: foreign('supervisor', (fx) => ({ url: settings(fx), payload: body })),
    },
    {
      route: 'GET /api/outbound/calls/timing',
      expect: only(['admin', 'supervisor', 'agent'], 200),
      request: timing,
      otherOrganization: foreign('agent', timing),
    },
    {
      route: 'GET /api/organizations/:id/patients',
      expect: only(['admin', 'supervisor', 'agent'], 200),
      request: patients,
      otherOrganization: foreign('supervisor', patients),
    },
  ];
}
