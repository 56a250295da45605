/**
 * On-call and office-hours schedules, and who is on duty.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { onDutyIn, type OnDutyPerson } from './on-duty.service.js';
export { schedulesRoutes } from './schedules.routes.js';
export { copySchedulesWithStandIns, hasShifts } from './schedules.repository.js';
