/**
 * The signed-in user's own profile, sessions and two-factor setup.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { profileRoutes } from './profile.routes.js';
