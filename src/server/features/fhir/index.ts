/**
 * FHIR R4 scheduling for EHRs (issue 31 §6, decision 051): `/api/v1/fhir` — Location, Schedule,
 * Slot and Appointment over the clinicians' calendars, the IHE ITI Scheduling operations, and
 * SMART Scheduling Links bulk publication. Registered inside the public API's scope (API keys,
 * rate limits, Idempotency-Key); the calendars feature does the booking.
 *
 * The feature's public entry: the app imports only this file; tests may reach inside.
 */
export { fhirRoutes, FHIR_PREFIX } from './fhir.routes.js';
