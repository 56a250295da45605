/**
 * Outbox: every email and text leaves through sendMessage; the delivery job and the text gateways
 * (decision 044).
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { deliverOutboxMessageTask } from './deliver-outbox-message.job.js';
export { demoTerminalOf } from './demo-terminal.js';
export { chosenSenders, DELIVER_OUTBOX_TASK, GatewayError, keepUnsent, listOutboxFor, outboxBodyOf, type ProviderMessage, type ProviderStatus, recordTextStatus, sendMessage, type TextGateway } from './outbox.service.js';
