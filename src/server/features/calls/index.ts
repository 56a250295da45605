/**
 * Calls: the calls and call_events tables (the call pipeline in telephony drives them through
 * call-records.service), the call list and detail.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { awaitRelaySocket, type CallPatch, type CallRef, type CallSnapshot, type CallStatus, claimRelaySocket, cutLastAgentSpeech, findCallOwner, findOrganizationForCall, findRelayHintNames, findStaleCalls, firstNumberOf, insertCall, isUniqueViolation, linkCallToOutboundJob, loadCall, storeTurn } from './call-records.service.js';
export { type CallEvidence, evidenceOfCall } from './call-evidence.service.js';
export { callsV1Routes } from './calls-v1.routes.js';
export { callsRoutes } from './calls.routes.js';
