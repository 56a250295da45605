import type { WebhookDeliveryView, WebhookEndpointView, WebhookEventType } from '../../../contracts/webhooks.js';
import type { DeliveryListRow, EndpointWithOrganization } from './webhooks.repository.js';

export function presentEndpoint(e: EndpointWithOrganization, now: Date): WebhookEndpointView {
  const graceUntil = e.previousSecret && e.previousSecretExpiresAt && e.previousSecretExpiresAt.getTime() > now.getTime() ? e.previousSecretExpiresAt.toISOString() : null;
  return {
    id: e.id,
    organizationId: e.organizationId,
    organizationName: e.organizationName,
    url: e.url,
    description: e.description,
    events: e.events as WebhookEventType[],
    enabled: e.enabled,
    disabledReason: e.disabledReason,
    failingSince: e.failingSince?.toISOString() ?? null,
    previousSecretValidUntil: graceUntil,
    createdAt: e.createdAt.toISOString(),
  };
}

export function presentDelivery(d: DeliveryListRow): WebhookDeliveryView {
  return {
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === 'pending' ? (d.nextAttemptAt?.toISOString() ?? null) : null,
    lastResponseStatus: d.lastResponseStatus,
    createdAt: d.createdAt.toISOString(),
    cursor: d.cursor,
  };
}
