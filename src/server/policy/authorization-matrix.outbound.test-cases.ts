import { createHandoff } from '../features/handoff-records/create-handoff.service.js';
import type { MatrixFixtures, MatrixRow } from './authorization-matrix.test-helpers.js';
import { everyone, foreign, NOT_ORGANIZATION_SCOPED, only } from './authorization-matrix.test-helpers.js';

/**
 * The authorization-matrix rows of outbound calling (issue 16): agents place single calls and call
 * handoffs back; supervisors and administrators run campaigns; developers have no outbound at all
 * (contacts and the do-not-call list are patients' data, PRODUCT §2); everyone who may see
 * /overview reads the queue summary. A user of another organization gets 404.
 */
export function outboundMatrixRows(): MatrixRow[] {
  const callBody = (fx: MatrixFixtures) => ({ organizationId: fx.home.id, phone: '+18605550142', purpose: 'recall', contactName: 'Matrix Patient' });
  const campaignBody = (fx: MatrixFixtures) => ({
    organizationId: fx.home.id,
    name: 'Matrix recall',
    purpose: 'recall',
    window: { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] },
    maxAttempts: 3,
    retryIntervalMinutes: 60,
    concurrency: 2,
    // Far ahead: the campaign waits (and a paused one stays paused), so nothing is dialled.
    startAt: '2099-01-01T09:00:00Z',
  });
  const job = async (fx: MatrixFixtures) => fx.asAdmin<{ id: string }>('POST', '/api/outbound/calls', { ...callBody(fx), scheduledFor: '2099-01-01T15:00:00Z' });
  const campaign = async (fx: MatrixFixtures) => fx.asAdmin<{ id: string }>('POST', '/api/outbound/campaigns', campaignBody(fx));
  const paused = async (fx: MatrixFixtures) => {
    const c = await campaign(fx);
    await fx.asAdmin('POST', `/api/outbound/campaigns/${c.id}/pause`);
    return c;
  };
  const handoff = async (fx: MatrixFixtures) =>
    fx.ctx.db.transaction((tx) =>
      createHandoff(fx.ctx, tx, { organizationId: fx.home.id, type: 'callback', priority: 'normal', source: 'staff', reason: 'Matrix: call back', contactName: 'Matrix Patient', contactPhone: '+18605550142' }),
    );
  const noHomeItems = (body: unknown, fx: MatrixFixtures) => {
    const items = (body as { items?: { organizationId: string }[]; runningCampaigns?: { organizationId: string }[] }).items ?? (body as { runningCampaigns: { organizationId: string }[] }).runningCampaigns;
    if (items.some((i) => i.organizationId === fx.home.id)) throw new Error('a foreign organization’s outbound records leaked');
  };
  const campaignAction = (action: 'pause' | 'resume' | 'cancel', make: (fx: MatrixFixtures) => Promise<{ id: string }>): MatrixRow => ({
    route: `POST /api/outbound/campaigns/:id/${action}`,
    expect: only(['admin', 'supervisor'], 200),
    request: async (fx) => ({ url: `/api/outbound/campaigns/${(await make(fx)).id}/${action}` }),
    otherOrganization: foreign('supervisor', async (fx) => ({ url: `/api/outbound/campaigns/${(await make(fx)).id}/${action}` })),
  });

  // Twilio's outbound webhooks are public but signed: unsigned, everyone gets 403 (outbound-queue.int.test.ts drives the signed path).
  const twilio = (path: string): MatrixRow => ({
    route: `POST ${path}`,
    expect: everyone(403),
    request: () => ({ url: `${path}?attempt=00000000-0000-4000-8000-000000000000`, payload: { CallSid: 'CA-matrix', CallStatus: 'completed' } }),
    otherOrganization: NOT_ORGANIZATION_SCOPED,
  });

  return [
    twilio('/telephony/twilio/outbound/voice'),
    twilio('/telephony/twilio/outbound/gather'),
    twilio('/telephony/twilio/outbound/status'),
    {
      route: 'POST /api/outbound/calls',
      expect: only(['admin', 'supervisor', 'agent'], 201),
      request: (fx) => ({ payload: { ...callBody(fx), scheduledFor: '2099-01-01T15:00:00Z' } }),
      otherOrganization: foreign('agent', (fx) => ({ payload: callBody(fx) })),
    },
    {
      route: 'POST /api/outbound/preview',
      expect: only(['admin', 'supervisor', 'agent'], 200),
      request: (fx) => ({ payload: { organizationId: callBody(fx).organizationId, purpose: 'recall', visitType: 'check-up' } }),
      otherOrganization: foreign('agent', (fx) => ({ payload: { organizationId: callBody(fx).organizationId, purpose: 'recall' } })),
    },
    {
      route: 'POST /api/handoffs/:id/call-back',
      expect: only(['admin', 'supervisor', 'agent'], 201),
      request: async (fx) => ({ url: `/api/handoffs/${(await handoff(fx)).id}/call-back`, payload: { scheduledFor: '2099-01-01T15:00:00Z' } }),
      otherOrganization: foreign('agent', async (fx) => ({ url: `/api/handoffs/${(await handoff(fx)).id}/call-back`, payload: {} })),
    },
    {
      route: 'GET /api/outbound/jobs',
      expect: only(['admin', 'supervisor', 'agent'], 200),
      otherOrganization: { as: 'agent', request: async (fx) => (await job(fx), {}), status: 200, verify: noHomeItems },
    },
    {
      route: 'GET /api/outbound/jobs/:id',
      expect: only(['admin', 'supervisor', 'agent'], 200),
      request: async (fx) => ({ url: `/api/outbound/jobs/${(await job(fx)).id}` }),
      otherOrganization: foreign('agent', async (fx) => ({ url: `/api/outbound/jobs/${(await job(fx)).id}` })),
    },
    {
      route: 'POST /api/outbound/jobs/:id/cancel',
      expect: only(['admin', 'supervisor', 'agent'], 200),
      request: async (fx) => ({ url: `/api/outbound/jobs/${(await job(fx)).id}/cancel` }),
      otherOrganization: foreign('agent', async (fx) => ({ url: `/api/outbound/jobs/${(await job(fx)).id}/cancel` })),
    },
    {
      route: 'POST /api/outbound/campaigns',
      expect: only(['admin', 'supervisor'], 201),
      request: (fx) => ({ payload: campaignBody(fx) }),
      otherOrganization: foreign('supervisor', (fx) => ({ payload: campaignBody(fx) })),
    },
    {
      route: 'GET /api/outbound/campaigns',
      expect: only(['admin', 'supervisor'], 200),
      otherOrganization: { as: 'supervisor', request: async (fx) => (await campaign(fx), {}), status: 200, verify: noHomeItems },
    },
    {
      route: 'GET /api/outbound/campaigns/:id',
      expect: only(['admin', 'supervisor'], 200),
      request: async (fx) => ({ url: `/api/outbound/campaigns/${(await campaign(fx)).id}` }),
      otherOrganization: foreign('supervisor', async (fx) => ({ url: `/api/outbound/campaigns/${(await campaign(fx)).id}` })),
    },
    {
      route: 'GET /api/outbound/campaigns/:id/contacts',
      expect: only(['admin', 'supervisor'], 200),
      request: async (fx) => ({ url: `/api/outbound/campaigns/${(await campaign(fx)).id}/contacts` }),
      otherOrganization: foreign('supervisor', async (fx) => ({ url: `/api/outbound/campaigns/${(await campaign(fx)).id}/contacts` })),
    },
    {
      route: 'GET /api/outbound/campaigns/:id/results.csv',
      expect: only(['admin', 'supervisor'], 200),
      request: async (fx) => ({ url: `/api/outbound/campaigns/${(await campaign(fx)).id}/results.csv` }),
      otherOrganization: foreign('supervisor', async (fx) => ({ url: `/api/outbound/campaigns/${(await campaign(fx)).id}/results.csv` })),
    },
    campaignAction('pause', campaign),
    campaignAction('resume', paused),
    campaignAction('cancel', campaign),
    {
      route: 'GET /api/outbound/summary',
      expect: only(['admin', 'supervisor', 'agent'], 200),
      otherOrganization: { as: 'supervisor', request: () => ({}), status: 200, verify: noHomeItems },
    },
  ];
}
