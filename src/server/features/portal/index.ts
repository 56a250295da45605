/**
 * The patient portal: sign-in by code, the patient's requests, visits and messages.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { portalVisitsRoutes } from './portal-visits.routes.js';
export { portalRoutes } from './portal.routes.js';
