/**
 * Clinicians' calendars (issue 31 §1–2, decision 050): locations, visit types, clinicians with
 * their weekly availability and date exceptions, open times, and booked visits that never overlap
 * for one clinician (an exclusion constraint in PostgreSQL).
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside. The agent books through the same services as
 * the staff's routes, as a `Booker` with channel `phone` (refused, not warned, outside the rules).
 */
export { calendarsRoutes } from './calendars.routes.js';
export { visitsRoutes } from './visits.routes.js';
export { bookableVisitType, clinicianFor, nextOpenTimes, searchOpenTimes, visitTypesInUse, type NamedOpenTime, type OpenTimesAnswer, type SearchOptions } from './open-times.service.js';
export { bookHeldVisit, bookVisit, cancelVisit, changeVisitStatus, holdVisit, moveBookedVisit, resolveStart, SLOT_TAKEN_MESSAGE, type Booker, type Booking, type BookingContext } from './booking.service.js';
export { findVisit, findVisitWithNames, searchVisits, upcomingVisitsToChange, type BookedVisitRow, type VisitSearch, type VisitWithNames } from './booked-visits.repository.js';
export { calendarDirectory, type CalendarDirectory } from './calendar-directory.service.js';
// The agent tests' sandbox books as the practice does (decision 056, addendum).
export { copyCalendarsToSandbox } from './sandbox-calendar.repository.js';
export { loadVisit } from './calendars.policy.js';
export { presentBooking, presentVisit } from './calendars.presenter.js';
export type { ClinicianRow, LocationRow, VisitTypeRow } from './calendars.repository.js';
// The patient's web booking and the portal's changes to it (issue 31 §4, decision 055).
export { holdForRequest, holdOfRequest, moveVisitToHold, releaseRequestHolds, webVisitTypes, WEB_BOOKER, type RequestHold, type WebVisitType } from './patient-bookings.service.js';
export { visitsOfRequests, type RequestVisit } from './booked-visits.repository.js';
export { presentTime } from './calendars.presenter.js';
