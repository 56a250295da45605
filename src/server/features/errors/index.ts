/**
 * Errors: the error log (server and browser reports), filed under the organization concerned.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { CLIENT_REPORT_LIMITS, type ErrorEventRow, findVisibleError, listVisibleErrors, reportClientError, reportError } from './errors.service.js';
