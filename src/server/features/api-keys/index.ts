/**
 * API keys: developer keys, the public API's authentication and rate limit, idempotency keys.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { apiKeysRoutes } from './api-keys.routes.js';
export { authenticateApiKey } from './api-keys.service.js';
export { publicApiRoutes } from './public-api.routes.js';
export { PURGE_IDEMPOTENCY_KEYS_CRONTAB, PURGE_IDEMPOTENCY_KEYS_TASK, purgeIdempotencyKeysTask } from './purge-idempotency-keys.job.js';
