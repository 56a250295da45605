import { z } from 'zod';
import client from 'prom-client';
import type { FeatureRoutes } from '../../http/route-types.js';
import { pendingMigrations } from '../../db/migrate.js';
import { queueHealth } from '../system/index.js';

/** Liveness, readiness and Prometheus metrics; public, as probes and scrapers expect. */
export const healthRoutes: FeatureRoutes = (app, ctx) => {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'switchboard_' });
  const requests = new client.Histogram({
    name: 'switchboard_http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  new client.Gauge({
    name: 'switchboard_db_pool_connections',
    help: 'Database pool connections by state',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, ctx.pool.totalCount);
      this.set({ state: 'idle' }, ctx.pool.idleCount);
      this.set({ state: 'waiting' }, ctx.pool.waitingCount);
    },
  });
  // The job queue (issue 18 §4), read when scraped (once per scrape): the figures of /developer → System.
  let reading: { at: number; health: ReturnType<typeof queueHealth> } | null = null;
  const queueNow = () => {
    if (!reading || Date.now() - reading.at > 1000) reading = { at: Date.now(), health: queueHealth(ctx) };
    return reading.health;
  };
  new client.Gauge({
    name: 'switchboard_jobs',
    help: 'graphile-worker jobs by task and state (waiting, scheduled, running, failed)',
    labelNames: ['task', 'state'],
    registers: [registry],
    async collect() {
      const health = await queueNow();
      this.reset();
      for (const t of health.byTask) for (const state of ['waiting', 'scheduled', 'running', 'failed'] as const) this.set({ task: t.task, state }, t[state]);
    },
  });
  new client.Gauge({
    name: 'switchboard_jobs_oldest_waiting_seconds',
    help: 'Age of the oldest job due and not yet taken (0: none)',
    registers: [registry],
    async collect() {
      this.set((await queueNow()).oldestWaitingSeconds ?? 0);
    },
  });
  new client.Gauge({
    name: 'switchboard_worker_pools_alive',
    help: 'graphile-worker pools connected and listening for jobs',
    registers: [registry],
    async collect() {
      this.set((await queueNow()).workersAlive);
    },
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  app.get('/healthz', {
    config: { access: 'public' },
    schema: { tags: ['health'], summary: 'Liveness', response: { 200: z.object({ status: z.literal('ok') }) } },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.get('/readyz', {
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Readiness: database reachable and migrations applied',
      response: { 200: z.object({ status: z.literal('ready'), pendingMigrations: z.number() }), 503: z.object({ status: z.literal('not_ready'), reason: z.string() }) },
    },
    handler: async (_request, reply) => {
      try {
        await ctx.pool.query('select 1');
        const pending = await pendingMigrations(ctx.pool);
        if (pending > 0) return reply.status(503).send({ status: 'not_ready' as const, reason: `${pending} migration(s) not applied` });
        return { status: 'ready' as const, pendingMigrations: 0 };
      } catch {
        return reply.status(503).send({ status: 'not_ready' as const, reason: 'database unreachable' });
      }
    },
  });

  app.get('/metrics', {
    config: { access: 'public' },
    schema: { tags: ['health'], summary: 'Prometheus metrics (text format)' },
    handler: async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()),
  });
};
