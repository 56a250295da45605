/**
 * Appointment requests: the public request pages, the staff's review and scheduling, and the one
 * way a request is submitted (web, phone, portal). Its handoff is raised and closed through
 * handoff-records.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { bookHeldTimeForRequest, type BookedRequest, type HeldTimeBooking } from './booked-request.service.js';
export { SIMULATED_CALL_NOTE } from './staff-notices.js';
export {
  cancelPendingByPatient,
  cancelScheduledByPatient,
  bookedVisitCalendar,
  bookedVisitCalendarFilename,
  cancelScheduledWithVisit,
  moveScheduledWithVisit,
  visitCalendar,
  visitCalendarFilename,
  type RequestFollowed,
  type VisitChanger,
} from './appointment-requests.service.js';
export { publicRequestRoutes } from './public-requests.routes.js';
export { loadByToken, saveStep, startDraft, submitDraft } from './public-requests.service.js';
export { createSubmittedRequest, findRequestForStatus, findRequestForStatusByName, type AppointmentRequestRow } from './request-submission.service.js';
export { SUGGESTION_LEAD_MS } from './schedule-options.service.js';
export { requestsV1Routes } from './requests-v1.routes.js';
export { staffRequestsRoutes } from './staff-requests.routes.js';
export { findRequest, markInReview, presentRequest, scheduleRequest } from './staff-requests.service.js';
// A patient books a time on the web, and moves it in the portal (issue 31 §4, decision 055).
export { publicBookingRoutes } from './public-booking.routes.js';
export { openTimesOf, presentHold, asPatientFields } from './public-booking.service.js';
export { followMovedVisit } from './moved-visit.service.js';
