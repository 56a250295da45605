import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { calls, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { createCall, createOrganization, createStaffUser, createTestApp, errorCode, outboxFor, signIn, type TestAppHandle } from '../../test-support/index.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';
import { createHandoff } from '../handoff-records/create-handoff.service.js';
import { createSubmittedRequest } from '../appointment-requests/request-submission.service.js';
import { attemptDelivery } from './webhooks.service.js';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback: answers `plan` statuses in turn (then the last one) and keeps what it got. */
function receiver() {
  const got: Received[] = [];
  let plan: number[] = [200];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = plan.length > 1 ? plan.shift()! : plan[0]!;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 300 ? `failing on purpose ${'x'.repeat(3000)}` : 'ok');
    });
  });
  return {
    got,
    answer: (statuses: number[]) => (plan = [...statuses]),
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestAppHandle;
let org: OrganizationRow;
let cookie: string;
let adminEmail: string;
let adminCookie: string;
const sink = receiver();
let url: string;

/** Runs the deliver-webhook jobs that are due, as the worker would, until none is left (retry delays are scaled down). */
async function drain(maxRounds = 200): Promise<void> {
  for (let round = 0; round < maxRounds; round++) {
    const { rows } = await t.ctx.pool.query<{ id: string; payload: { deliveryId: string }; run_at: Date }>(
      `delete from graphile_worker._private_jobs j using graphile_worker._private_tasks k
       where k.id = j.task_id and k.identifier = 'deliver-webhook' and j.run_at <= now() returning j.id, j.payload`,
    );
    for (const job of rows) await attemptDelivery(t.ctx, job.payload.deliveryId);
    if (rows.length === 0) {
      const left = await t.ctx.pool.query(`select 1 from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'deliver-webhook'`);
      if (left.rowCount === 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  throw new Error('webhook jobs did not drain');
}

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) => t.app.inject({ method, url: path, headers: { cookie }, ...(payload ? { payload } : {}) });

async function newEndpoint(events: string[], target = url) {
  const res = await api('POST', '/api/developer/webhooks', { organizationId: org.id, url: target, events, description: 'Test receiver' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { endpoint: { id: string }; secret: string };
}

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_TEST_PRIVATE_ADDRESSES: '127.0.0.1', WEBHOOK_RETRY_SCALE: '0.00001', WEBHOOK_TIMEOUT_MS: '2000' });
  org = await createOrganization(t.ctx, { name: 'Hook Clinic' });
  const dev = await createStaffUser(t.ctx, { role: 'developer', organizationIds: [org.id] });
  cookie = await signIn(t.app, dev.email, dev.password);
  const admin = await createStaffUser(t.ctx, { role: 'admin' });
  adminEmail = admin.email;
  adminCookie = await signIn(t.app, admin.email, admin.password);
  url = await sink.start();
});
afterAll(async () => {
  await sink.stop();
  await t?.close();
});
beforeEach(async () => {
  sink.got.length = 0;
  sink.answer([200]);
  // Each test listens with its own endpoints.
  await t.db.delete(webhookEndpoints);
});

describe('events and signatures', () => {
  it('a call, a handoff and a request send their events, each verified by the standardwebhooks reference implementation', async () => {
    const { secret } = await newEndpoint([
      'call.started',
      'call.completed',
      'handoff.created',
      'handoff.resolved',
      'appointment_request.submitted',
      'appointment_request.status_changed',
    ]);
    const call = await createCall(t.ctx, { organizationId: org.id, status: 'in_progress' });
    await t.db.update(calls).set({ agentState: { turn: 2 } }).where(eq(calls.id, call.id));
    await t.db.update(calls).set({ status: 'completed', outcome: 'question_answered', summary: 'Asked about hours.', endedAt: new Date(), durationSeconds: 42 }).where(eq(calls.id, call.id));
    const handoff = await t.db.transaction((tx) =>
      createHandoff(t.ctx, tx, { organizationId: org.id, type: 'callback', priority: 'normal', source: 'staff', reason: 'Hook: call back', contactName: 'Pat Doe', contactPhone: '+18605550100' }),
    );
    const request = await t.db.transaction((tx) =>
      createSubmittedRequest(t.ctx, tx, { organizationId: org.id, source: 'web', firstName: 'Hook', lastName: 'Patient', dateOfBirth: '1980-04-02', phone: '+18605550143', email: 'hook@example.test', reason: 'Follow-up', consentToContact: true }),
    );
    await drain();
    const asAdmin = (path: string, payload: object) => t.app.inject({ method: 'POST', url: path, headers: { cookie: adminCookie }, payload });
    expect((await asAdmin(`/api/handoffs/${handoff.id}/resolve`, { outcome: 'completed' })).statusCode).toBe(200);
    expect((await asAdmin(`/api/appointment-requests/${request.request.id}/decline`, { version: 1, reason: 'Not accepting new patients' })).statusCode).toBe(200);
    const firstBatch = sink.got.length;
    await drain();
    const later = sink.got.slice(firstBatch).map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: Record<string, unknown> });
    expect(later.find((e) => e.type === 'handoff.resolved' && e.data.handoffId === handoff.id)?.data).toMatchObject({ status: 'resolved', resolution: 'completed' });
    expect(later.find((e) => e.type === 'appointment_request.status_changed')?.data).toMatchObject({ appointmentRequestId: request.request.id, status: 'declined', previousStatus: 'submitted' });
    sink.got.length = firstBatch;

    const wh = new Webhook(secret);
    const events = sink.got.map((r) => wh.verify(r.body, r.headers as Record<string, string>) as { type: string; data: Record<string, unknown> });
    const types = events.map((e) => e.type).sort();
    expect(types).toEqual(['appointment_request.submitted', 'call.completed', 'call.started', 'handoff.created', 'handoff.created'].sort());
    const completed = events.find((e) => e.type === 'call.completed')!;
    expect(completed.data).toMatchObject({ callId: call.id, organizationId: org.id, outcome: 'question_answered', summary: 'Asked about hours.', durationSeconds: 42 });
    expect(events.some((e) => e.type === 'handoff.created' && e.data.handoffId === handoff.id)).toBe(true);
    expect(events.find((e) => e.type === 'appointment_request.submitted')!.data).toMatchObject({ appointmentRequestId: request.request.id, status: 'submitted' });
    // A signature with another secret is refused by the reference implementation.
    expect(() => new Webhook('whsec_' + Buffer.alloc(24, 7).toString('base64')).verify(sink.got[0]!.body, sink.got[0]!.headers as Record<string, string>)).toThrow();
    // A turn that does not end the call sent nothing: exactly one call.started and one call.completed.
    expect(types.filter((x) => x.startsWith('call.'))).toHaveLength(2);
  });

  it('nothing is recorded for an organization without a subscribed endpoint', async () => {
    await newEndpoint(['handoff.resolved']);
    const before = (await t.ctx.pool.query('select count(*)::int as n from webhook_events')).rows[0].n as number;
    await createCall(t.ctx, { organizationId: org.id });
    const after = (await t.ctx.pool.query('select count(*)::int as n from webhook_events')).rows[0].n as number;
    expect(after).toBe(before);
  });

  it('during a rotation both secrets sign; after it only the new one', async () => {
    const { endpoint, secret: oldSecret } = await newEndpoint(['call.started']);
    const rotated = await api('POST', `/api/developer/webhooks/${endpoint.id}/rotate-secret`, { graceHours: 24 });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const newSecret = rotated.json().secret as string;
    expect(rotated.json().endpoint.previousSecretValidUntil).not.toBeNull();
    await createCall(t.ctx, { organizationId: org.id });
    await drain();
    const [got] = sink.got;
    expect(String(got!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => new Webhook(oldSecret).verify(got!.body, got!.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(newSecret).verify(got!.body, got!.headers as Record<string, string>)).not.toThrow();

    await api('POST', `/api/developer/webhooks/${endpoint.id}/rotate-secret`, { graceHours: 0 });
    const latest = (await api('GET', '/api/developer/webhooks')).json().items[0];
    expect(latest.previousSecretValidUntil).toBeNull();
  });

  it('"Send test event" reaches the endpoint whatever it subscribes to', async () => {
    const { endpoint, secret } = await newEndpoint(['intake.submitted']);
    const res = await api('POST', `/api/developer/webhooks/${endpoint.id}/test`);
    expect(res.statusCode).toBe(202);
    await drain();
    expect((new Webhook(secret).verify(sink.got[0]!.body, sink.got[0]!.headers as Record<string, string>) as { type: string }).type).toBe('webhook.test');
  });
});

describe('retries, failure and replay', () => {
  it('retries a failing receiver on the schedule until it recovers; the log keeps each attempt', async () => {
    const { endpoint, secret } = await newEndpoint(['call.started']);
    sink.answer([500, 503, 200]);
    await createCall(t.ctx, { organizationId: org.id });
    await drain();
    expect(sink.got).toHaveLength(3);
    // The same message id on every attempt, each signed.
    expect(new Set(sink.got.map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const r of sink.got) new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
    const log = (await api('GET', `/api/developer/webhooks/${endpoint.id}/deliveries`)).json().items;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ status: 'succeeded', attempts: 3, lastResponseStatus: 200, eventType: 'call.started' });
    const detail = (await api('GET', `/api/developer/webhooks/${endpoint.id}/deliveries/${log[0].id}`)).json();
    expect(detail.attemptLog.map((a: { responseStatus: number }) => a.responseStatus)).toEqual([500, 503, 200]);
    expect(detail.attemptLog[0].responseBody.length).toBeLessThanOrEqual(2048);
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.failingSince).toBeNull();
  });

  it('after the last attempt fails the endpoint is turned off and administrators are emailed; replay sends it again', async () => {
    const { endpoint, secret } = await newEndpoint(['call.started']);
    sink.answer([500]);
    const since = new Date(Date.now() - 1000).toISOString();
    await createCall(t.ctx, { organizationId: org.id });
    await drain();
    expect(sink.got).toHaveLength(8);
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.enabled).toBe(false);
    expect(row!.disabledReason).toMatch(/failed on every attempt/);
    expect(await outboxFor(t.db, adminEmail, 'webhook-endpoint-disabled')).toHaveLength(1);
    const [failed] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(failed!.status).toBe('failed');

    // Fixed: turn it on and replay what failed.
    sink.answer([200]);
    expect((await api('PATCH', `/api/developer/webhooks/${endpoint.id}`, { enabled: true })).json()).toMatchObject({ enabled: true, disabledReason: null });
    const replay = await api('POST', `/api/developer/webhooks/${endpoint.id}/replay-failed`, { since });
    expect(replay.json()).toEqual({ replayed: 1 });
    await drain();
    expect(sink.got).toHaveLength(9);
    expect(sink.got[8]!.headers['webhook-id']).toBe(sink.got[0]!.headers['webhook-id']);
    new Webhook(secret).verify(sink.got[8]!.body, sink.got[8]!.headers as Record<string, string>);
    const [done] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(done!.status).toBe('succeeded');

    // One delivery replayed on its own.
    const one = await api('POST', `/api/developer/webhooks/${endpoint.id}/deliveries/${done!.id}/replay`);
    expect(one.json()).toEqual({ replayed: 1 });
    await drain();
    expect(sink.got).toHaveLength(10);
  });

  it('a job run twice for the same attempt sends once', async () => {
    await newEndpoint(['call.started']);
    await createCall(t.ctx, { organizationId: org.id });
    const { rows } = await t.ctx.pool.query<{ payload: { deliveryId: string } }>(
      `select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'deliver-webhook'`,
    );
    await Promise.all([attemptDelivery(t.ctx, rows[0]!.payload.deliveryId), attemptDelivery(t.ctx, rows[0]!.payload.deliveryId)]);
    await drain();
    // Two concurrent runs may both send (at least once), but only one attempt is recorded and nothing more is scheduled.
    const [d] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, rows[0]!.payload.deliveryId));
    expect(d!.attempts).toBe(1);
    expect(d!.status).toBe('succeeded');
  });
});

describe('endpoint addresses', () => {
  it('refuses at save time what is not a URL, and private, loopback or metadata addresses, with the reason', async () => {
    const strict = await createTestApp();
    try {
      const o = await createOrganization(strict.ctx, { name: 'Strict Clinic' });
      const dev = await createStaffUser(strict.ctx, { role: 'developer', organizationIds: [o.id] });
      const c = await signIn(strict.app, dev.email, dev.password);
      const save = (target: string) =>
        strict.app.inject({ method: 'POST', url: '/api/developer/webhooks', headers: { cookie: c }, payload: { organizationId: o.id, url: target, events: ['call.started'] } });
      for (const [target, reason] of [
        ['not a url', /not a valid web address/],
        ['http://example.com/hook', /only https/],
        ['https://127.0.0.1/hook', /private or reserved/],
        ['https://10.1.2.3/hook', /private or reserved/],
        ['https://169.254.169.254/latest/meta-data', /private or reserved/],
        ['https://[::1]/hook', /private or reserved/],
        ['https://localhost/hook', /resolves to a private or reserved address/],
        ['https://user:pw@example.com/hook', /credentials/],
      ] as const) {
        const res = await save(target);
        expect(res.statusCode, target).toBe(400);
        expect(res.json().error.fields.url, target).toMatch(reason);
      }
    } finally {
      await strict.close();
    }
  });

  it('an endpoint of another organization is not found; an unknown event is refused per field', async () => {
    const other = await createOrganization(t.ctx, { name: 'Not Mine' });
    const res = await api('POST', '/api/developer/webhooks', { organizationId: other.id, url, events: ['call.started'] });
    expect([res.statusCode, errorCode(res)]).toEqual([404, 'not_found']);
    const bad = await api('POST', '/api/developer/webhooks', { organizationId: org.id, url, events: ['call.exploded'] });
    expect(Object.keys(bad.json().error.fields)).toEqual(['events.0']);
  });
});
