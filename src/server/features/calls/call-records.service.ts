/**
 * The calls and call events as the call pipeline (src/server/telephony) reads and writes them:
 * this feature owns the tables, the pipeline drives them (decision 057).
 */
export {
  cutLastAgentSpeech,
  insertCall,
  linkCallToOutboundJob,
  loadCall,
  organizationFromJson,
  storeTurn,
  type CallPatch,
  type CallRef,
  type CallSnapshot,
  type CallStatus,
  type NewCall,
  type OrganizationRow,
} from './call-records.repository.js';
export { findCallOwner, findOrganizationForCall, findRelayHintNames, findStaleCalls, firstNumberOf, isUniqueViolation } from './call-lookups.repository.js';
export { awaitRelaySocket, claimRelaySocket } from './relay-sockets.repository.js';
