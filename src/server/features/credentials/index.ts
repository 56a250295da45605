/**
 * Credentials: the password rules and the emailed invitation and reset links (the user_tokens
 * table); users and password both use them.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { issueLink, RESET_TTL_MS } from './password-links.service.js';
export { assertAcceptablePassword } from './password.policy.js';
export { expireOpenTokens, findToken, findTokenForUpdate, insertUserToken, markTokenUsed, type UserTokenRow } from './password.repository.js';
