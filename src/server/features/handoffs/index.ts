/**
 * Handoffs: the staff's queue over handoff records (list, detail, claim, assign, resolve, texts to
 * the patient, deadline settings).
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { claimHandoff, messagePatient } from './handoff-actions.service.js';
export { handoffThatTexted } from './handoff-texts.service.js';
export { handoffsV1Routes } from './handoffs-v1.routes.js';
export { handoffsRoutes } from './handoffs.routes.js';
export { contactFrom, loadHandoff, recordsOf } from './handoffs.service.js';
