/**
 * Outbound calling: campaigns, the queue the dialer works, the organization's outbound settings.
 *
 * The feature's public entry: other features, the agent, telephony and the app import only this
 * file (eslint.config.js); tests may reach inside.
 */
export { markVoicemailLeft, structuredFacts } from './outbound-call-facts.service.js';
export { applyConversationEnd, type ConversationEffects } from './outbound-conversation-end.service.js';
export { applyAttemptStatus, type AttemptRow, attemptStillToPlace, claimPlacements, findAttempt, findCampaign, findJob, isMachine, type JobRow, linkedProviderCallIds, nextWorkAt, type OutboundCallState, type Placement, recordPlacement, recordPlacementRefused, staleAttempts, type StatusUpdate, unplacedAttempts, wakeDispatcher } from './outbound-queue.service.js';
export { outboundSettingsRoutes } from './outbound-settings.routes.js';
export { outboundV1Routes } from './outbound-v1.routes.js';
export { outboundProviderOf } from './outbound-views.service.js';
export { outboundRoutes } from './outbound.routes.js';
export { addCampaignContacts, type CampaignContact, createCampaign, DISPATCH_TASK, SIMULATE_CALLEE_TASK, wakeOutboundQueue } from './outbound.service.js';
