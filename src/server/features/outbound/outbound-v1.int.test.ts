import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { Runner } from 'graphile-worker';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiIdempotencyKeys, doNotCall, organizationPhoneNumbers, outboundAttempts, outboundCampaigns, outboundJobs } from '../../db/schema/index.js';
import { createOrganization, createStaffUser, createTestApp, errorCode, signIn, type TestAppHandle } from '../../test-support/index.js';
import { startWorker } from '../../worker.js';
import type { OrganizationRow } from '../organizations/organizations.repository.js';

/**
 * Outbound calls and campaigns in the public API (issue 18 §2) and their webhook events
 * (§3): created with API keys (scopes, organizations, Idempotency-Key, per-field validation of
 * JSON contacts), then a campaign on the built-in simulator run by the real worker, whose
 * `outbound.call.completed` and `campaign.completed` deliveries reach a loopback receiver signed
 * so that the `standardwebhooks` reference implementation verifies them.
 */

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}
const got: Received[] = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(200).end('ok');
  });
});

let t: TestAppHandle;
let runner: Runner | undefined;
let home: OrganizationRow;
let other: OrganizationRow;
let adminCookie: string;
let developerCookie: string;
const keys = {} as Record<'write' | 'read' | 'other', string>;

const window = { start: '00:00', end: '23:59', days: [1, 2, 3, 4, 5, 6, 7] };
const campaignSettings = (organizationId: string) => ({ organizationId, name: 'API recall', purpose: 'recall', window, maxAttempts: 1, retryIntervalMinutes: 5, concurrency: 5 });

const v1 = (secret: string, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${secret}`, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function newKey(cookie: string, scopes: string[], organizationIds: string[]): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/developer/api-keys', headers: { cookie }, payload: { name: `Outbound ${scopes.join(' ')}`, organizationIds, scopes } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { secret: string }).secret;
}

/** A zone where it is daytime now, whatever the hour the test runs at (the queue calls 08:00–21:00 only). */
function daytimeZone(): string {
  const hour = (z: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: z, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
  return ['America/New_York', 'Europe/London', 'Asia/Tokyo', 'America/Los_Angeles', 'Australia/Sydney', 'Asia/Kolkata'].find((z) => hour(z) >= 9 && hour(z) < 20)!;
}

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_CALLS_PER_SECOND: '0', OUTBOUND_SIMULATOR_PACE_MS: '0', OUTBOUND_TEST_PRIVATE_ADDRESSES: '127.0.0.1', WEBHOOK_TIMEOUT_MS: '5000' });
  home = await createOrganization(t.ctx, { name: 'API Outbound Clinic', timeZone: 'America/New_York', address: { country: 'US' } });
  other = await createOrganization(t.ctx, { name: 'Other Outbound Clinic', timeZone: 'America/New_York', address: { country: 'US' } });
  await t.db.insert(organizationPhoneNumbers).values({ organizationId: home.id, e164: '+18605550000' });
  const admin = await createStaffUser(t.ctx, { role: 'admin' });
  adminCookie = await signIn(t.app, admin.email, admin.password);
  const developer = await createStaffUser(t.ctx, { role: 'developer', organizationIds: [home.id] });
  developerCookie = await signIn(t.app, developer.email, developer.password);
  keys.write = await newKey(adminCookie, ['outbound:write'], [home.id]);
  keys.read = await newKey(adminCookie, ['outbound:read'], [home.id]);
  keys.other = await newKey(adminCookie, ['outbound:write'], [other.id]);
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
}, 60_000);
afterAll(async () => {
  await runner?.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await t?.close();
});

describe('outbound in the public API', () => {
  it('is documented: routes with their scopes\' errors, request examples, and both event payloads', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: { content: Record<string, { examples?: Record<string, { value: Record<string, unknown> }> }> } }>>;
      webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: { properties: { data: { properties: Record<string, unknown> } } } }> } } }>;
    };
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/v1/outbound')).sort()).toEqual([
      '/api/v1/outbound/calls',
      '/api/v1/outbound/calls/{id}',
      '/api/v1/outbound/calls/{id}/cancel',
      '/api/v1/outbound/campaigns',
      '/api/v1/outbound/campaigns/{id}',
      '/api/v1/outbound/campaigns/{id}/cancel',
    ]);
    const create = doc.paths['/api/v1/outbound/campaigns']!.post!;
    expect((create as unknown as { parameters: { name: string; in: string }[] }).parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
    expect(Object.keys(create.responses).sort()).toEqual(['201', '400', '401', '403', '404', '409', '422', '429']);
    const example = create.requestBody!.content['application/json']!.examples!.example1!.value;
    expect(example).toMatchObject({ purpose: 'appointment_reminder', contacts: expect.any(Array) });
    expect(doc.paths['/api/v1/outbound/calls']!.post!.requestBody!.content['application/json']!.examples!.example1!.value).toMatchObject({ phone: '(860) 555-0142' });
    const payload = (type: string) => Object.keys(doc.webhooks[type]!.post.requestBody.content['application/json']!.schema.properties.data.properties);
    expect(payload('outbound.call.completed')).toEqual(expect.arrayContaining(['jobId', 'attemptId', 'attemptNo', 'result', 'outcome', 'callId', 'jobStatus', 'final']));
    expect(payload('campaign.completed')).toEqual(expect.arrayContaining(['campaignId', 'contacts', 'outcomes', 'completedAt']));
  });

  it('places a single call once per Idempotency-Key, reads it, and cancels it while it waits', async () => {
    const body = { organizationId: home.id, phone: '(860) 555-0142', contactName: 'Maria Lopez', purpose: 'web_request_follow_up', scheduledFor: new Date(Date.now() + 86_400_000).toISOString() };
    const first = await v1(keys.write, 'POST', '/api/v1/outbound/calls', body, { 'idempotency-key': 'call-maria-1' });
    expect(first.statusCode, first.body).toBe(201);
    const job = first.json() as { id: string; phone: string; status: string; contactName: string };
    expect(job).toMatchObject({ phone: '+18605550142', status: 'scheduled', contactName: 'Maria Lopez' });

    const again = await v1(keys.write, 'POST', '/api/v1/outbound/calls', body, { 'idempotency-key': 'call-maria-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(job);
    const changed = await v1(keys.write, 'POST', '/api/v1/outbound/calls', { ...body, contactName: 'Someone else' }, { 'idempotency-key': 'call-maria-1' });
    expect(changed.statusCode).toBe(422);
    expect(errorCode(changed)).toBe('idempotency_key_reused');
    const stored = await t.db.select().from(outboundJobs).where(eq(outboundJobs.organizationId, home.id));
    expect(stored.filter((j) => j.phone === '+18605550142')).toHaveLength(1);

    // The read key lists and reads it; it may not place or cancel calls.
    const list = await v1(keys.read, 'GET', `/api/v1/outbound/calls?organizationId=${home.id}`);
    expect(list.statusCode).toBe(200);
    expect((list.json() as { items: { id: string }[] }).items.map((i) => i.id)).toContain(job.id);
    expect((await v1(keys.read, 'GET', `/api/v1/outbound/calls/${job.id}`)).json()).toMatchObject({ id: job.id, attempts: 0 });
    const refused = await v1(keys.read, 'POST', '/api/v1/outbound/calls', body);
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('insufficient_scope');
    expect((await v1(keys.read, 'POST', `/api/v1/outbound/calls/${job.id}/cancel`)).statusCode).toBe(403);

    // A key of another organization finds nothing, and cannot call for this one.
    expect((await v1(keys.other, 'GET', `/api/v1/outbound/calls/${job.id}`)).statusCode).toBe(404);
    expect((await v1(keys.other, 'POST', `/api/v1/outbound/calls/${job.id}/cancel`)).statusCode).toBe(404);
    expect((await v1(keys.other, 'POST', '/api/v1/outbound/calls', body)).statusCode).toBe(404);
    expect(((await v1(keys.other, 'GET', '/api/v1/outbound/calls')).json() as { items: unknown[] }).items).toEqual([]);

    const canceled = await v1(keys.write, 'POST', `/api/v1/outbound/calls/${job.id}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({ id: job.id, status: 'canceled' });
    const twice = await v1(keys.write, 'POST', `/api/v1/outbound/calls/${job.id}/cancel`);
    expect(twice.statusCode).toBe(409);
    const [row] = await t.db.select().from(outboundJobs).where(eq(outboundJobs.id, job.id));
    expect(row!.status).toBe('canceled');
  });

  it('does not keep a refusal for an Idempotency-Key: the corrected retry with the same key is answered (a 409 is kept)', async () => {
    await t.db.insert(doNotCall).values({ organizationId: home.id, phone: '+18605550171', reason: 'Asked', source: 'staff' });
    const contacts = [{ name: 'Ana Lopez', phone: '+18605550171' }];
    const body = { ...campaignSettings(home.id), name: 'Idempotent retry', contacts };
    const headers = { 'idempotency-key': 'campaign-retry-1' };
    const refused = await v1(keys.write, 'POST', '/api/v1/outbound/campaigns', body, headers);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(await t.db.select().from(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.key, 'campaign-retry-1'))).toEqual([]);

    // Staff take the number off the list; the same request with the same key now creates the campaign.
    await t.db.delete(doNotCall).where(and(eq(doNotCall.organizationId, home.id), eq(doNotCall.phone, '+18605550171')));
    const created = await v1(keys.write, 'POST', '/api/v1/outbound/campaigns', body, headers);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['idempotent-replayed']).toBeUndefined();
    const again = await v1(keys.write, 'POST', '/api/v1/outbound/campaigns', body, headers);
    expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([201, 'true']);

    // A conflict is an answer about the records, kept and replayed like a success.
    const id = (created.json() as { id: string }).id;
    expect((await v1(keys.write, 'POST', `/api/v1/outbound/campaigns/${id}/cancel`)).statusCode).toBe(200);
    const conflict = await v1(keys.write, 'POST', `/api/v1/outbound/campaigns/${id}/cancel`, undefined, { 'idempotency-key': 'cancel-twice' });
    expect(conflict.statusCode).toBe(409);
    const replayed = await v1(keys.write, 'POST', `/api/v1/outbound/campaigns/${id}/cancel`, undefined, { 'idempotency-key': 'cancel-twice' });
    expect([replayed.statusCode, replayed.headers['idempotent-replayed']]).toEqual([409, 'true']);
  });

  it('refuses bad input with a message per field and creates nothing', async () => {
    const before = (await t.db.select().from(outboundCampaigns)).length;
    const bad = await v1(keys.write, 'POST', '/api/v1/outbound/calls', { organizationId: 'nope', phone: '', purpose: 'sales' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { error: { fields: Record<string, string> } }).error.fields).sort()).toEqual(['organizationId', 'phone', 'purpose']);

    await t.db.insert(doNotCall).values({ organizationId: home.id, phone: '+18605550149', reason: 'Asked', source: 'staff' });
    const contacts = [
      { name: 'Good Person', phone: '(860) 555-0141' },
      { name: 'Bad Number', phone: '12' },
      { name: 'Listed', phone: '+1 860 555 0149' },
      { name: 'Twin', phone: '860-555-0141', timeZone: 'Mars/Olympus', dateOfBirth: 'yesterday' },
      { name: '=HYPERLINK("x")', phone: '+18605550144', fields: { note: '@cmd' } },
    ];
    const res = await v1(keys.write, 'POST', '/api/v1/outbound/campaigns', { ...campaignSettings(home.id), contacts });
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json() as { error: { message: string; fields: Record<string, string> } };
    expect(error.message).toBe('4 of 5 contacts cannot be called; nothing was created.');
    expect(error.fields).toMatchObject({
      'contacts.1.phone': expect.stringContaining('not a valid phone number'),
      'contacts.2.phone': '+18605550149 is on the do-not-call list.',
      'contacts.3.phone': 'Same number as contacts.0.',
      'contacts.3.timeZone': expect.stringContaining('not a time zone'),
      'contacts.3.dateOfBirth': expect.stringContaining('not a date of birth'),
      'contacts.4.name': expect.stringContaining('formula'),
      'contacts.4.fields.note': expect.stringContaining('formula'),
    });
    expect(error.fields['contacts.0.phone']).toBeUndefined();
    const empty = await v1(keys.write, 'POST', '/api/v1/outbound/campaigns', { ...campaignSettings(home.id), maxAttempts: 0, contacts: [] });
    expect(empty.statusCode).toBe(400);
    expect((empty.json() as { error: { fields: Record<string, string> } }).error.fields).toMatchObject({ contacts: 'Add at least one contact.', maxAttempts: 'At least 1.' });
    expect((await t.db.select().from(outboundCampaigns)).length).toBe(before);

    // A read-only key may read campaigns but never run one; a key cannot act for another organization.
    // A developer may not grant outbound scopes at all: campaign contacts are patients' data (PRODUCT §2).
    const developerKey = await t.app.inject({ method: 'POST', url: '/api/developer/api-keys', headers: { cookie: developerCookie }, payload: { name: 'Outbound read', organizationIds: [home.id], scopes: ['outbound:read'] } });
    expect(developerKey.statusCode).toBe(400);
    expect((await v1(keys.read, 'POST', '/api/v1/outbound/campaigns', { ...campaignSettings(home.id), contacts: [contacts[0]] })).statusCode).toBe(403);
    expect((await v1(keys.other, 'POST', '/api/v1/outbound/campaigns', { ...campaignSettings(home.id), contacts: [contacts[0]] })).statusCode).toBe(404);
  });

  it('runs a campaign created with JSON contacts on the simulator and signs outbound.call.completed and campaign.completed', async () => {
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/developer/webhooks',
      headers: { cookie: developerCookie },
      payload: { organizationId: home.id, url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`, events: ['outbound.call.completed', 'campaign.completed'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const { secret } = hook.json() as { secret: string };

    const zone = daytimeZone();
    // The last digit picks the simulated callee's persona: 0 identity not confirmed, 5 no answer, 6 busy, 7 voicemail.
    const contacts = [0, 5, 6, 7].map((d) => ({ name: `Person ${d}`, phone: `+1860555610${d}`, timeZone: zone, fields: { ref: `R-${d}` } }));
    const created = await v1(keys.write, 'POST', '/api/v1/outbound/campaigns', { ...campaignSettings(home.id), contacts }, { 'idempotency-key': 'campaign-recall-1' });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json() as { id: string; status: string; progress: { total: number } };
    expect(campaign).toMatchObject({ status: 'running', progress: { total: 4 } });
    const jobs = await t.db.select().from(outboundJobs).where(eq(outboundJobs.campaignId, campaign.id));
    expect(jobs.map((j) => j.fields)).toContainEqual({ ref: 'R-7' });
    expect(((await v1(keys.read, 'GET', `/api/v1/outbound/campaigns?organizationId=${home.id}`)).json() as { items: { id: string }[] }).items.map((c) => c.id)).toContain(campaign.id);

    runner = await startWorker(t.ctx, { pollInterval: 100 });
    const deadline = Date.now() + 150_000;
    const events = () =>
      got.map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: Record<string, unknown> });
    while (Date.now() < deadline && !events().some((e) => e.type === 'campaign.completed' && e.data.campaignId === campaign.id)) {
      await new Promise((r) => setTimeout(r, 250));
    }
    const received = events();
    const done = received.find((e) => e.type === 'campaign.completed');
    if (!done) {
      const left = await t.db.execute(sql`select phone, status, attempts from outbound_jobs where campaign_id = ${campaign.id}`);
      expect.fail(`no campaign.completed; got ${received.map((e) => e.type).join(', ')}; jobs ${JSON.stringify(left.rows)}`);
    }
    expect(done.data).toMatchObject({
      campaignId: campaign.id,
      organizationId: home.id,
      name: 'API recall',
      status: 'completed',
      contacts: { total: 4, completed: 2, noAnswer: 1, busy: 1, failed: 0, canceled: 0, blockedDoNotCall: 0 },
      outcomes: { identity_not_confirmed: 1, voicemail: 1 },
    });

    const attempts = await t.db
      .select({ id: outboundAttempts.id, jobId: outboundAttempts.jobId, callId: outboundAttempts.callId, result: outboundAttempts.result })
      .from(outboundAttempts)
      .innerJoin(outboundJobs, eq(outboundJobs.id, outboundAttempts.jobId))
      .where(eq(outboundJobs.campaignId, campaign.id));
    const completedCalls = received.filter((e) => e.type === 'outbound.call.completed' && e.data.campaignId === campaign.id);
    // One event per attempt, none twice (each delivery's webhook-id is its event).
    expect(completedCalls).toHaveLength(attempts.length);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(got.length);
    for (const a of attempts) {
      const event = completedCalls.find((e) => e.data.attemptId === a.id)!;
      expect(event.data).toMatchObject({ jobId: a.jobId, callId: a.callId, result: a.result, attemptNo: 1, final: true, campaignId: campaign.id, purpose: 'recall' });
      expect(event.data.callId).toEqual(expect.any(String));
    }
    const byPersona = Object.fromEntries(
      completedCalls.map((e) => {
        const job = jobs.find((j) => j.id === e.data.jobId)!;
        return [job.phone.at(-1), `${e.data.result}/${e.data.jobStatus}/${e.data.outcome}`];
      }),
    );
    expect(byPersona).toEqual({ '0': 'answered/completed/identity_not_confirmed', '5': 'no_answer/no_answer/null', '6': 'busy/busy/null', '7': 'voicemail/completed/voicemail' });
  }, 200_000);

  it('records an outbound event with its change only: a rolled-back attempt leaves none, a committed one exactly one', async () => {
    const [job] = await t.db.select().from(outboundJobs).where(eq(outboundJobs.organizationId, home.id)).limit(1);
    const events = async () => (await t.db.execute(sql`select count(*)::int as n from webhook_events where type = 'outbound.call.completed' and data->>'jobId' = ${job!.id}`)).rows[0]!.n as number;
    const before = await events();
    const attempt = (attemptNo: number) => ({ jobId: job!.id, organizationId: home.id, attemptNo, provider: 'simulator', placement: 'not_placed', result: 'failed', endedAt: new Date() }) as const;
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(outboundAttempts).values(attempt(98));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await events()).toBe(before);
    await t.db.insert(outboundAttempts).values(attempt(99));
    expect(await events()).toBe(before + 1);
  });
});
