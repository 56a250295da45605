/**
 * The do-not-call list of each organization.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { doNotCallRoutes } from './do-not-call.routes.js';
export { addDoNotCallFromCall, addDoNotCallFromText, doNotCallNumbers, importDoNotCall, removeDoNotCallFromText } from './do-not-call.service.js';
