/**
 * Campaigns created from an uploaded CSV of contacts.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { outboundImportRoutes } from './outbound-import.routes.js';
