/**
 * Analytics: the hourly and daily rollups the worker drains and the figures the pages and the
 * public API read (decisions 020, 046).
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { startAnalyticsDrain } from './analytics-drain.js';
export { analyticsV1Routes } from './analytics-v1.routes.js';
export { analyticsRoutes } from './analytics.routes.js';
export { todayFiguresByOrganization } from './analytics.service.js';
