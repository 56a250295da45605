/**
 * Handoff records: the handoffs table and how a handoff is raised (deadline, urgent alert,
 * call-back notice), threaded with the patient's texts and closed with its request. Every feature
 * that hands work to staff uses this; it knows nothing of the features above it.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { cancelLiveTransfer, createHandoff, type DeadlineRules, DEFAULT_SLA_MINUTES, handoffDueAt, type HandoffPriority, type HandoffRow, type HandoffType, type NewHandoff, slaMinutes } from './create-handoff.service.js';
export { assignableUsers, claimIfOpen, findDeadlineRules, findHandoff, findSlaSettings, type HandoffEventRow, type HandoffListRow, insertHandoffEvent, listHandoffEvents, listHandoffs, saveSlaSettings, type SlaRow, updateHandoffIfStatus } from './handoffs.repository.js';
export { noteOutboundAnswer, noteOutboundCallBack } from './outbound-callback.service.js';
export { addPatientReply, addSentText, addTextReply, patientRepliesSince, patientThread, raiseThreadToUrgent } from './patient-thread.service.js';
export { resolveHandoffsOfRequest, settleHandoffsOfAgentBooking, unresolvedHandoffsOfRequest } from './request-handoffs.service.js';
export type { RequestSlice } from './request-slice.js';
