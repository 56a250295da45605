/**
 * Users: the user records and their administration.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { usersRoutes } from './users.routes.js';
export { countRecentFailures, deleteSessionsOf, findUserByEmail, findUserById, getPasswordHash, organizationIdsOf, passwordHashesToRefuse, recordSignInAttempt, rememberPasswordHash, setPasswordHash, updateUser, type UserRow } from './users.service.js';
