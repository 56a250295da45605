/**
 * Patients: the patient records, matched or created when a request is submitted.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { patientsRoutes } from './patients.routes.js';
export { findOrCreatePatient, findPatientOf } from './patients.service.js';
