/**
 * System status: the job queue's health and its failed jobs.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { systemRoutes } from './system.routes.js';
export { queueHealth } from './system.service.js';
