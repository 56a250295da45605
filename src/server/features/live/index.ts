/**
 * Live updates: publishing through NOTIFY in the caller's transaction and the /api/live event
 * stream.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { LiveHub } from './live.hub.js';
export { liveRoutes } from './live.routes.js';
export { collectLiveEvents, notifyLive, publishLive } from './live.service.js';
