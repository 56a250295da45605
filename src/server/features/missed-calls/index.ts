/**
 * Missed-call texts and the replies to them (decision 047).
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { missedCallTextJob, type MissedCallTextJob, queueMissedCallText, receiveMissedCallReply, SEND_MISSED_CALL_TEXT_TASK } from './missed-calls.service.js';
export { sendMissedCallTextTask } from './send-missed-call-text.job.js';
