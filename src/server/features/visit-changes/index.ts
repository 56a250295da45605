/**
 * A booked visit moved or canceled, with what follows it: its appointment request, and a notice to
 * the patient (issue 31 follow-ups, decisions 050 and 054). It sits above calendars and
 * appointment-requests, which do not import each other this way round.
 *
 * The feature's public entry: the agent and the app import only this file (eslint.config.js);
 * tests may reach inside.
 */
export { cancelVisitAndFollow, followCancel, followMove, moveVisitAndFollow, type ChangedVisit, type VisitChangeBooker } from './visit-changes.service.js';
export { visitChangesRoutes } from './visit-changes.routes.js';
export { VISIT_BOOKED_TEMPLATE, VISIT_CANCELED_TEMPLATE, VISIT_MOVED_TEMPLATE } from './visit-notices.js';
