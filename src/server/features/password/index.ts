/**
 * Password flows: forgot, reset, change, accept an invitation.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { passwordRoutes } from './password.routes.js';
