/**
 * Liveness, readiness and metrics.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { healthRoutes } from './health.routes.js';
