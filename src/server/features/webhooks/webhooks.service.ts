import type { AppContext } from '../../app-context.js';
import { invalid, notFound } from '../../http/errors.js';
import { checkOutboundUrlResolves, guardedPost, OutboundUrlRefused, type OutboundPolicy } from '../../http/outbound-url-guard.js';
import { newWebhookSecret, signatureHeader } from '../../lib/webhook-signature.js';
import { assertOrganizationVisible, canSeeOrganization, organizationScope, type StaffActor } from '../../policy/actor.js';
import { nextRetryDelayMs } from '../../../domain/developer/webhook-events.js';
import type {
  CreateWebhookEndpointBody,
  UpdateWebhookEndpointBody,
  WebhookDeliveryDetail,
  WebhookDeliveryQuery,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEndpointWithSecret,
} from '../../../contracts/webhooks.js';
import { recordAudit } from '../audit/index.js';
import { sendMessage } from '../outbox/index.js';
import { presentDelivery, presentEndpoint } from './webhooks.presenter.js';
import {
  adminEmailsFor,
  attemptsOf,
  deleteEndpoint,
  findEndpoint,
  insertAttempt,
  insertEndpoint,
  insertEventForEndpoint,
  listDeliveries,
  listEndpoints,
  loadDelivery,
  requeueDeliveries,
  settleAttempt,
  settleDelivery,
  updateEndpoint,
  type EndpointWithOrganization,
} from './webhooks.repository.js';

export { DELIVER_WEBHOOK_TASK } from './webhooks.repository.js';

const RESPONSE_BODY_LIMIT = 2048;

/** Webhook endpoints may be any public host; OUTBOUND_TEST_PRIVATE_ADDRESSES (never in production) lets tests use loopback over http. */
export function webhookPolicy(ctx: Pick<AppContext, 'env'>): OutboundPolicy {
  return { allowedHosts: 'any', testPrivateAddresses: ctx.env.OUTBOUND_TEST_PRIVATE_ADDRESSES };
}

async function checkUrl(ctx: AppContext, url: string): Promise<void> {
  try {
    await checkOutboundUrlResolves(url, webhookPolicy(ctx));
  } catch (error) {
    if (error instanceof OutboundUrlRefused) throw invalid({ url: `This address is refused: ${error.message}.` });
    throw error;
  }
}

async function loadVisibleEndpoint(ctx: AppContext, actor: StaffActor, id: string): Promise<EndpointWithOrganization> {
  const endpoint = await findEndpoint(ctx.db, id);
  if (!endpoint || !canSeeOrganization(actor, endpoint.organizationId)) throw notFound('That webhook endpoint');
  return endpoint;
}

const view = async (ctx: AppContext, id: string): Promise<WebhookEndpointView> => presentEndpoint((await findEndpoint(ctx.db, id))!, ctx.clock.now());

export async function listEndpointsFor(ctx: AppContext, actor: StaffActor, organizationId?: string): Promise<WebhookEndpointView[]> {
  const now = ctx.clock.now();
  return (await listEndpoints(ctx.db, organizationScope(actor), organizationId)).map((e) => presentEndpoint(e, now));
}

export async function createEndpoint(ctx: AppContext, actor: StaffActor, body: CreateWebhookEndpointBody): Promise<WebhookEndpointWithSecret> {
  assertOrganizationVisible(actor, body.organizationId, 'That organization');
  await checkUrl(ctx, body.url);
  const secret = newWebhookSecret();
  const created = await ctx.db.transaction(async (tx) => {
    const row = await insertEndpoint(tx, {
      organizationId: body.organizationId,
      url: body.url,
      description: body.description ?? '',
      events: [...new Set(body.events)],
      enabled: body.enabled ?? true,
      secret,
      createdBy: actor.userId,
    });
    await recordAudit(tx, { action: 'webhook_endpoint.created', outcome: 'success', actor, organizationId: row.organizationId, recordType: 'webhook_endpoint', recordId: row.id });
    return row;
  });
  return { endpoint: await view(ctx, created.id), secret };
}

export async function changeEndpoint(ctx: AppContext, actor: StaffActor, id: string, body: UpdateWebhookEndpointBody): Promise<WebhookEndpointView> {
  const endpoint = await loadVisibleEndpoint(ctx, actor, id);
  if (body.url !== undefined && body.url !== endpoint.url) await checkUrl(ctx, body.url);
  const reenabled = body.enabled === true && !endpoint.enabled;
  await ctx.db.transaction(async (tx) => {
    await updateEndpoint(tx, id, {
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(body.events !== undefined ? { events: [...new Set(body.events)] } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      ...(reenabled ? { disabledReason: null, failingSince: null } : {}),
      updatedAt: ctx.clock.now(),
    });
    await recordAudit(tx, { action: 'webhook_endpoint.updated', outcome: 'success', actor, organizationId: endpoint.organizationId, recordType: 'webhook_endpoint', recordId: id, details: { fields: Object.keys(body) } });
  });
  return view(ctx, id);
}

export async function removeEndpoint(ctx: AppContext, actor: StaffActor, id: string): Promise<void> {
  const endpoint = await loadVisibleEndpoint(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    await deleteEndpoint(tx, id);
    await recordAudit(tx, { action: 'webhook_endpoint.deleted', outcome: 'success', actor, organizationId: endpoint.organizationId, recordType: 'webhook_endpoint', recordId: id });
  });
}

/** A new signing secret; the old one keeps signing beside it for `graceHours`. */
export async function rotateEndpointSecret(ctx: AppContext, actor: StaffActor, id: string, graceHours: number): Promise<WebhookEndpointWithSecret> {
  const endpoint = await loadVisibleEndpoint(ctx, actor, id);
  const secret = newWebhookSecret();
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await updateEndpoint(tx, id, {
      secret,
      previousSecret: graceHours > 0 ? endpoint.secret : null,
      previousSecretExpiresAt: graceHours > 0 ? new Date(now.getTime() + graceHours * 3_600_000) : null,
      updatedAt: now,
    });
    await recordAudit(tx, { action: 'webhook_endpoint.secret_rotated', outcome: 'success', actor, organizationId: endpoint.organizationId, recordType: 'webhook_endpoint', recordId: id, details: { graceHours } });
  });
  return { endpoint: await view(ctx, id), secret };
}

export async function listDeliveriesFor(ctx: AppContext, actor: StaffActor, endpointId: string, q: WebhookDeliveryQuery): Promise<WebhookDeliveryView[]> {
  await loadVisibleEndpoint(ctx, actor, endpointId);
  return (await listDeliveries(ctx.db, endpointId, q)).map(presentDelivery);
}

export async function deliveryDetail(ctx: AppContext, actor: StaffActor, endpointId: string, deliveryId: string): Promise<WebhookDeliveryDetail> {
  await loadVisibleEndpoint(ctx, actor, endpointId);
  const found = await loadDelivery(ctx.db, deliveryId);
  if (!found || found.delivery.endpointId !== endpointId) throw notFound('That delivery');
  const attempts = await attemptsOf(ctx.db, deliveryId);
  return {
    ...presentDelivery({ ...found.delivery, eventType: found.event.type, cursor: '' }),
    payload: bodyOf(found.event),
    attemptLog: attempts.map((a) => ({
      attempt: a.attempt,
      at: a.at.toISOString(),
      requestHeaders: a.requestHeaders,
      responseStatus: a.responseStatus,
      responseBody: a.responseBody,
      durationMs: a.durationMs,
      error: a.error,
    })),
  };
}

export async function replayDelivery(ctx: AppContext, actor: StaffActor, endpointId: string, deliveryId: string): Promise<number> {
  const endpoint = await loadVisibleEndpoint(ctx, actor, endpointId);
  const found = await loadDelivery(ctx.db, deliveryId);
  if (!found || found.delivery.endpointId !== endpointId) throw notFound('That delivery');
  return ctx.db.transaction(async (tx) => {
    const ids = await requeueDeliveries(tx, endpointId, { deliveryId }, ctx.clock.now());
    await recordAudit(tx, { action: 'webhook_delivery.replayed', outcome: 'success', actor, organizationId: endpoint.organizationId, recordType: 'webhook_delivery', recordId: deliveryId });
    return ids.length;
  });
}

export async function replayFailedSince(ctx: AppContext, actor: StaffActor, endpointId: string, since: Date): Promise<number> {
  const endpoint = await loadVisibleEndpoint(ctx, actor, endpointId);
  return ctx.db.transaction(async (tx) => {
    const ids = await requeueDeliveries(tx, endpointId, { failedSince: since }, ctx.clock.now());
    await recordAudit(tx, { action: 'webhook_delivery.replayed', outcome: 'success', actor, organizationId: endpoint.organizationId, recordType: 'webhook_endpoint', recordId: endpointId, details: { since: since.toISOString(), count: ids.length } });
    return ids.length;
  });
}

/** "Send test event": a `webhook.test` event to this endpoint only, whatever it subscribes to. */
export async function sendTestEvent(ctx: AppContext, actor: StaffActor, endpointId: string): Promise<string> {
  const endpoint = await loadVisibleEndpoint(ctx, actor, endpointId);
  const delivery = await ctx.db.transaction((tx) =>
    insertEventForEndpoint(tx, endpoint, 'webhook.test', { endpointId, organizationId: endpoint.organizationId, message: 'A test event sent from Switchboard.' }),
  );
  return delivery.id;
}

/** The delivery body: the same bytes on every attempt. */
function bodyOf(event: { type: string; createdAt: Date; data: Record<string, unknown> }): string {
  return JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data: event.data });
}

/**
 * One attempt of a delivery (the `deliver-webhook` job): signs and POSTs the event, logs the
 * attempt, and on failure schedules the next one on the Standard Webhooks schedule (scaled by
 * WEBHOOK_RETRY_SCALE for tests). After the last attempt fails the delivery is `failed`, the
 * endpoint is turned off and the organization's administrators get an email.
 * A delivery that is no longer pending (already delivered, or a repeat job) is left alone.
 */
export async function attemptDelivery(ctx: AppContext, deliveryId: string): Promise<void> {
  const found = await loadDelivery(ctx.db, deliveryId);
  if (!found || found.delivery.status !== 'pending') return;
  const { delivery, endpoint, event } = found;
  const now = ctx.clock.now();
  if (!endpoint.enabled) {
    await settleDelivery(ctx.db, delivery.id, delivery.attempts, { status: 'failed', nextAttemptAt: null, lastResponseStatus: null }, now);
    return;
  }
  const body = bodyOf(event);
  const id = `msg_${event.id}`;
  const timestamp = Math.floor(now.getTime() / 1000);
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt.getTime() > now.getTime()) secrets.push(endpoint.previousSecret);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Switchboard-Webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(secrets, id, timestamp, body),
  };
  const started = performance.now();
  let status: number | null = null;
  let responseBody: string | null = null;
  let error: string | null = null;
  try {
    const answer = await guardedPost(endpoint.url, webhookPolicy(ctx), body, { headers, timeoutMs: ctx.env.WEBHOOK_TIMEOUT_MS, maxBodyBytes: RESPONSE_BODY_LIMIT });
    status = answer.status;
    responseBody = answer.body;
  } catch (e) {
    error = e instanceof Error ? `${e.name === 'Error' ? '' : `${e.name}: `}${e.message}` : String(e);
  }
  const durationMs = Math.round(performance.now() - started);
  const ok = status !== null && status >= 200 && status < 300;
  const attempt = delivery.attempts + 1;
  const delay = ok ? null : nextRetryDelayMs(attempt);
  const after = ctx.clock.now();
  const exhausted = !ok && delay === null;

  if (!exhausted) {
    // The usual case, one statement: delivered, or failed with an attempt left.
    await settleAttempt(ctx.pool, {
      deliveryId: delivery.id,
      attemptsBefore: delivery.attempts,
      ok,
      status: ok ? 'succeeded' : 'pending',
      nextAttemptAt: delay === null ? null : new Date(after.getTime() + delay * ctx.env.WEBHOOK_RETRY_SCALE),
      responseStatus: status,
      responseBody,
      error,
      durationMs,
      at: now,
      settledAt: after,
      requestHeaders: headers,
      endpointId: endpoint.id,
    });
    return;
  }
  // Out of attempts: the delivery fails, the endpoint is turned off and administrators are told.
  await ctx.db.transaction(async (tx) => {
    const moved = await settleDelivery(
      tx,
      delivery.id,
      delivery.attempts,
      { status: 'failed', nextAttemptAt: null, lastResponseStatus: status },
      after,
    );
    if (!moved) return;
    await insertAttempt(tx, { deliveryId: delivery.id, attempt, at: now, requestHeaders: headers, responseStatus: status, responseBody, durationMs, error });
    await disableFailingEndpoint(ctx, tx, endpoint, event.type);
  });
}

async function disableFailingEndpoint(ctx: AppContext, tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0], endpoint: { id: string; organizationId: string; url: string; createdBy: string | null }, eventType: string) {
  const reason = `Turned off after a ${eventType} delivery failed on every attempt of the retry schedule.`;
  await updateEndpoint(tx, endpoint.id, { enabled: false, disabledReason: reason, updatedAt: ctx.clock.now() });
  await recordAudit(tx, { action: 'webhook_endpoint.disabled', outcome: 'success', actor: { kind: 'system' }, organizationId: endpoint.organizationId, recordType: 'webhook_endpoint', recordId: endpoint.id, details: { reason } });
  for (const email of await adminEmailsFor(tx, endpoint.organizationId, endpoint.createdBy)) {
    await sendMessage(tx, {
      channel: 'email',
      recipient: email,
      subject: 'A webhook endpoint was turned off',
      body: `Deliveries to ${endpoint.url} kept failing, so Switchboard turned the endpoint off.\n\n${reason}\n\nFix the receiver, then turn the endpoint on again and replay the failed deliveries in Developer → Webhooks: ${ctx.baseUrl}/developer/webhooks`,
      template: 'webhook-endpoint-disabled',
      organizationId: endpoint.organizationId,
    });
  }
}
