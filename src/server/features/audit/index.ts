/**
 * Audit: who did what to which record, and every view of health information.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { listAuditEvents, recordAudit, recordPhiView } from './audit.service.js';
