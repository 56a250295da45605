/**
 * Security settings: which roles must use two-factor.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { securityRoutes } from './security.routes.js';
