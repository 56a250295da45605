import type { MatrixFixtures, MatrixRow } from './authorization-matrix.test-helpers.js';
import { only } from './authorization-matrix.test-helpers.js';

/**
 * The authorization-matrix rows of the outbound web side (issue 16): the do-not-call list and
 * the campaign import. Supervisors and administrators read and change them; developers do not (patients' numbers);
 * agents (single calls only) get 403; a user of another organization gets 404.
 */
export function outboundWebMatrixRows(): MatrixRow[] {
  const dnc = (fx: MatrixFixtures) => `/api/organizations/${fx.home.id}/do-not-call`;
  let n = 0;
  /** A number not yet on the list, so each principal's add succeeds. */
  const freshNumber = () => `+1860555${String(1000 + (n++ % 9000)).padStart(4, '0')}`;
  const entry = async (fx: MatrixFixtures) => fx.asAdmin<{ id: string }>('POST', dnc(fx), { phone: freshNumber(), reason: 'Matrix: asked by letter' });

  const campaignSettings = (fx: MatrixFixtures) => ({
    organizationId: fx.home.id,
    name: 'Matrix reminders',
    purpose: 'appointment_reminder',
    window: { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] },
    maxAttempts: 2,
    retryIntervalMinutes: 60,
    concurrency: 1,
    // A week ahead: the matrix never waits for a dial.
    startAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  const csv = 'name,phone\nMatrix Patient,+18605550177\nNo Number,12\n';
  const campaign = async (fx: MatrixFixtures) =>
    (await fx.asAdmin<{ campaign: { id: string } }>('POST', '/api/outbound/imports', { ...campaignSettings(fx), csv, mapping: { name: 'name', phone: 'phone' } })).campaign;
  const onCampaign = (path: string) => async (fx: MatrixFixtures) => ({ url: `/api/outbound/campaigns/${(await campaign(fx)).id}${path}` });

  return [
    {
      route: 'POST /api/outbound/imports/preview',
      expect: only(['admin', 'supervisor'], 200),
      request: (fx) => ({ payload: { organizationId: fx.home.id, csv } }),
      otherOrganization: { as: 'supervisor', request: (fx) => ({ payload: { organizationId: fx.home.id, csv } }), status: 404 },
    },
    {
      route: 'POST /api/outbound/imports',
      expect: only(['admin', 'supervisor'], 201),
      request: (fx) => ({ payload: { ...campaignSettings(fx), csv, mapping: { name: 'name', phone: 'phone' } } }),
      otherOrganization: { as: 'supervisor', request: (fx) => ({ payload: { ...campaignSettings(fx), csv, mapping: { name: 'name', phone: 'phone' } } }), status: 404 },
    },
    {
      route: 'GET /api/outbound/campaigns/:id/import',
      expect: only(['admin', 'supervisor'], 200),
      request: onCampaign('/import'),
      otherOrganization: { as: 'supervisor', request: onCampaign('/import'), status: 404 },
    },
    {
      route: 'GET /api/outbound/campaigns/:id/rejected.csv',
      expect: only(['admin', 'supervisor'], 200),
      request: onCampaign('/rejected.csv'),
      otherOrganization: { as: 'supervisor', request: onCampaign('/rejected.csv'), status: 404 },
    },
    {
      route: 'GET /api/organizations/:id/do-not-call',
      expect: only(['admin', 'supervisor'], 200),
      request: (fx) => ({ url: dnc(fx) }),
      otherOrganization: { as: 'supervisor', request: (fx) => ({ url: dnc(fx) }), status: 404 },
    },
    {
      route: 'POST /api/organizations/:id/do-not-call',
      expect: only(['admin', 'supervisor'], 201),
      request: (fx) => ({ url: dnc(fx), payload: { phone: freshNumber(), reason: 'Matrix: asked' } }),
      otherOrganization: { as: 'supervisor', request: (fx) => ({ url: dnc(fx), payload: { phone: freshNumber(), reason: 'Matrix: asked' } }), status: 404 },
    },
    {
      route: 'POST /api/organizations/:id/do-not-call/:entryId/remove',
      expect: only(['admin', 'supervisor'], 204),
      request: async (fx) => ({ url: `${dnc(fx)}/${(await entry(fx)).id}/remove`, payload: { reason: 'Matrix: asked to be called again' } }),
      otherOrganization: { as: 'supervisor', request: async (fx) => ({ url: `${dnc(fx)}/${(await entry(fx)).id}/remove`, payload: { reason: 'Matrix' } }), status: 404 },
    },
    {
      route: 'POST /api/organizations/:id/do-not-call/import',
      expect: only(['admin', 'supervisor'], 200),
      request: (fx) => ({ url: `${dnc(fx)}/import`, payload: { csv: `phone\n${freshNumber()}\n`, reason: 'Matrix: import' } }),
      otherOrganization: { as: 'supervisor', request: (fx) => ({ url: `${dnc(fx)}/import`, payload: { csv: `phone\n${freshNumber()}\n`, reason: 'Matrix' } }), status: 404 },
    },
  ];
}
