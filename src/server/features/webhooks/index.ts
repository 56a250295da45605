/**
 * Outgoing webhooks: subscriptions and signed deliveries.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { deliverWebhookTask } from './deliver-webhook.job.js';
export { webhooksRoutes } from './webhooks.routes.js';
export { DELIVER_WEBHOOK_TASK } from './webhooks.service.js';
