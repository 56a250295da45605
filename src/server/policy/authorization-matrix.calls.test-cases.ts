import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MatrixFixtures, MatrixRow } from './authorization-matrix.test-helpers.js';
import { only } from './authorization-matrix.test-helpers.js';
import { addCallEvents, createCall } from '../test-support/calls.js';

/**
 * The authorization-matrix rows of the calls screens and the overview (spread into MATRIX).
 * Every role reads calls and their chat context (developers read-only); admin, supervisor and
 * agent act on calls and see the overview. A user of another organization gets 404 for a call
 * of `home`, and lists without it. Each sample request makes its own call.
 */
export function callsMatrixRows(): MatrixRow[] {
  const READERS = ['admin', 'supervisor', 'agent', 'developer'] as const;
  const WRITERS = ['admin', 'supervisor', 'agent'] as const;
  const reads = (status: number) => only([...READERS], status);
  const writes = (status: number) => only([...WRITERS], status);

  const homeCall = async (fx: MatrixFixtures, extra: { recordingUrl?: string } = {}) => {
    const call = await createCall(fx.ctx, { organizationId: fx.home.id, fromNumber: '+18605550160', ...extra });
    await addCallEvents(fx.ctx, call.id, [
      { kind: 'caller_speech', payload: { text: 'Matrix: are you open today?' } },
      { kind: 'model_request', payload: { brain: 'builtin', intent: 'hours' }, latencyMs: 1 },
      { kind: 'agent_speech', payload: { text: 'Yes, until five.' } },
    ]);
    return call;
  };
  const url = (suffix = '') => async (fx: MatrixFixtures) => ({ url: `/api/calls/${(await homeCall(fx)).id}${suffix}` });
  const notFoundFor = (as: 'supervisor' | 'agent' | 'developer', suffix = '', payload?: unknown) => ({
    as,
    request: async (fx: MatrixFixtures) => ({ url: `/api/calls/${(await homeCall(fx)).id}${suffix}`, payload }),
    status: 404,
  });

  /** A one-shot stand-in for the provider's recording storage, so the proxy has something to fetch. */
  const recordingServer = () =>
    new Promise<string>((resolve) => {
      const server = http.createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': '4' }).end('RIFF');
        server.close();
      });
      server.unref();
      server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/RE-matrix`));
    });

  return [
    {
      route: 'GET /api/calls',
      expect: reads(200),
      otherOrganization: {
        as: 'supervisor',
        request: async (fx) => {
          await homeCall(fx);
          return { query: { direction: 'inbound' } };
        },
        status: 200,
        verify: (body, fx) => {
          const items = (body as { items: { organizationId: string }[] }).items;
          if (items.some((c) => c.organizationId === fx.home.id)) throw new Error("lists another organization's calls");
        },
      },
    },
    {
      route: 'POST /api/calls/search',
      expect: reads(200),
      request: () => ({ payload: { phone: '+18605550160' } }),
      otherOrganization: {
        as: 'supervisor',
        request: async (fx) => {
          await homeCall(fx);
          return { payload: { phone: '+18605550160', q: 'open today' } };
        },
        status: 200,
        verify: (body, fx) => {
          const items = (body as { items: { organizationId: string }[] }).items;
          if (items.some((c) => c.organizationId === fx.home.id)) throw new Error("finds another organization's calls");
        },
      },
    },
    { route: 'GET /api/calls/:id', expect: reads(200), request: url(), otherOrganization: notFoundFor('supervisor') },
    { route: 'GET /api/calls/:id/chat-context', expect: reads(200), request: url('/chat-context'), otherOrganization: notFoundFor('developer', '/chat-context') },
    {
      route: 'GET /api/calls/:id/recording',
      expect: reads(200),
      request: async (fx, as) => {
        // Only a caller who gets through fetches from the stand-in.
        const recordingUrl = as === 'anonymous' ? 'http://127.0.0.1:9/none' : await recordingServer();
        return { url: `/api/calls/${(await homeCall(fx, { recordingUrl })).id}/recording` };
      },
      otherOrganization: notFoundFor('agent', '/recording'),
    },
    {
      route: 'POST /api/calls/:id/notes',
      expect: writes(201),
      request: async (fx) => ({ ...(await url('/notes')(fx)), payload: { text: 'Matrix note' } }),
      otherOrganization: notFoundFor('agent', '/notes', { text: 'Matrix note' }),
    },
    {
      route: 'POST /api/calls/:id/outcome',
      expect: writes(200),
      request: async (fx) => ({ ...(await url('/outcome')(fx)), payload: { outcome: 'question_answered' } }),
      otherOrganization: notFoundFor('supervisor', '/outcome', { outcome: 'other' }),
    },
    {
      route: 'POST /api/calls/:id/handoffs',
      expect: writes(201),
      request: async (fx) => ({ ...(await url('/handoffs')(fx)), payload: { type: 'callback', priority: 'normal', reason: 'Matrix: call back' } }),
      otherOrganization: notFoundFor('agent', '/handoffs', { type: 'callback', reason: 'Matrix: call back' }),
    },
    {
      route: 'GET /api/overview',
      expect: writes(200),
      otherOrganization: {
        as: 'supervisor',
        request: async (fx) => {
          await createCall(fx.ctx, { organizationId: fx.home.id, status: 'in_progress' });
          return {};
        },
        status: 200,
        verify: (body, fx) => {
          const b = body as { perOrganization: { organizationId: string }[]; liveCalls: { organizationId: string }[]; recentCalls: { organizationId: string }[]; organizations: { organizationId: string }[]; openHandoffs: { items: { organizationId: string }[] } };
          const seen = [...b.perOrganization, ...b.liveCalls, ...b.recentCalls, ...b.organizations, ...b.openHandoffs.items].map((x) => x.organizationId);
          if (seen.includes(fx.home.id)) throw new Error("the overview shows another organization's day");
        },
      },
    },
  ];
}
