import type { MatrixFixtures, MatrixRow } from './authorization-matrix.test-helpers.js';
import { only } from './authorization-matrix.test-helpers.js';

/**
 * The authorization-matrix rows of analytics (issue 17): supervisors, developers and
 * administrators read it; agents get 403; a user of another organization asking for this one
 * gets 404.
 */
export function analyticsMatrixRows(): MatrixRow[] {
  const query = (fx: MatrixFixtures) => `from=2026-01-01&to=2026-01-31&organizations=${fx.home.id}`;
  return [
    {
      route: 'GET /api/analytics',
      expect: only(['admin', 'supervisor', 'developer'], 200),
      request: (fx) => ({ url: `/api/analytics?${query(fx)}` }),
      otherOrganization: { as: 'supervisor', request: (fx) => ({ url: `/api/analytics?${query(fx)}` }), status: 404 },
    },
    {
      route: 'GET /api/analytics/export.csv',
      expect: only(['admin', 'supervisor', 'developer'], 200),
      request: (fx) => ({ url: `/api/analytics/export.csv?${query(fx)}&kind=calls` }),
      otherOrganization: { as: 'developer', request: (fx) => ({ url: `/api/analytics/export.csv?${query(fx)}` }), status: 404 },
    },
  ];
}
