/**
 * Sessions: sign-in, two-factor, and the session guard every staff request passes.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { keepingSessionStart } from './keep-session-start.service.js';
export { type ResolvedSession, resolveSession, sessionStillValid } from './session-guard.service.js';
export { sessionRoutes } from './session.routes.js';
export { deleteSessionOf, listSessionsOf, saveTwoFactorRequiredRoles, twoFactorRequiredRoles } from './session.service.js';
