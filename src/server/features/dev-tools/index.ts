/**
 * /developer: the outbox, the audit log, the error-reporting check.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { devToolsRoutes } from './dev-tools.routes.js';
