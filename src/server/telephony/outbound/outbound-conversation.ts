import type { AppContext } from '../../app-context.js';
import { initialAgentState, organizationProfile } from '../../agent/agent-state.js';
import { emergencyMessage } from '../../agent/emergency-response.js';
import {
  continueOutboundCall,
  openOutboundCall,
  voicemailMessage,
  type OutboundCallFacts,
  type OutboundDialogueState,
} from '../../agent/outbound/outbound-dialogue.js';
import { loadCall, storeTurn, type CallSnapshot } from '../../features/calls/index.js';
import { applyAttemptStatus, applyConversationEnd, findAttempt, findCampaign, findJob, isMachine, type JobRow, type OutboundCallState, markVoicemailLeft, structuredFacts } from '../../features/outbound/index.js';
import type { PendingEvent } from '../../agent/turn-log.js';
import { sayReferenceCode } from '../../agent/nlu/reference-code.js';

/**
 * An outbound call's conversation, for every adapter (Twilio's webhooks, the simulated callee):
 * the callee answered (a person, or a machine: the campaign's voicemail message is left), then
 * turn by turn until the agent hangs up. Turns are stored as call events like inbound ones, so
 * /calls/{id} shows the transcript; the dialogue's state lives in the call's agent state.
 */

export interface OutboundReply {
  say: string;
  hangUp: boolean;
  callId: string;
}

type Loaded = { call: CallSnapshot; job: JobRow; state: OutboundCallState; facts: OutboundCallFacts; voicemailText: string };

function todayIn(zone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

async function load(ctx: AppContext, attemptId: string, dedupeKey: string | null): Promise<Loaded | null> {
  const attempt = await findAttempt(ctx.db, attemptId);
  if (!attempt?.callId) return null;
  const [call, job] = await Promise.all([loadCall(ctx.pool, { callId: attempt.callId }, dedupeKey), findJob(ctx.db, attempt.jobId)]);
  if (!call || !job) return null;
  const campaign = job.campaignId ? await findCampaign(ctx.db, job.campaignId) : undefined;
  const org = organizationProfile(call.organization);
  const now = ctx.clock.now();
  const zone = call.organization.timeZone;
  const dayFirst = org.country !== 'US' && org.country !== 'CA';
  const facts: OutboundCallFacts = {
    organizationName: call.organization.name,
    practiceNumber: call.fromNumber,
    contactName: job.contactName,
    dateOfBirth: job.dateOfBirth,
    purpose: job.purpose,
    ...structuredFacts(job, campaign, { timeZone: zone, dayFirst, now }),
    answersHandoff: !!job.handoffId,
    inCampaign: !!job.campaignId,
    dayFirst,
    today: todayIn(zone, now),
    nowMs: now.getTime(),
    timeZone: zone,
    emergencyMessage: emergencyMessage({ org, state: initialAgentState() }),
  };
  const state = (call.agentState.outbound ?? { jobId: job.id, attemptId }) as OutboundCallState;
  return { call, job, state, facts, voicemailText: voicemailMessage(facts, campaign?.voicemailMessage ?? '') };
}

const speech = (kind: 'agent_speech' | 'caller_speech', text: string, at: Date): PendingEvent => ({ kind, payload: { text }, latencyMs: null, at });

/** The callee picked up (`answeredBy` is Twilio's machine detection, when it ran). */
export async function answerOutboundCall(ctx: AppContext, attemptId: string, answeredBy: string | null, providerCallId?: string): Promise<OutboundReply | null> {
  const status = await applyAttemptStatus(ctx, { attemptId, status: 'in_progress', answeredBy, providerCallId });
  if (status.kind !== 'ok') return null;
  const l = await load(ctx, attemptId, null);
  if (!l) return null;
  const now = ctx.clock.now();
  const dialogue = l.state.dialogue as OutboundDialogueState | undefined;
  if (dialogue || l.state.voicemail === 'left') {
    // A repeated request: say the last thing again rather than start over.
    return { say: (l.state.lastSaid as string) ?? '', hangUp: dialogue?.step === 'ended' || l.state.voicemail === 'left', callId: l.call.id };
  }
  if (isMachine(answeredBy) || l.state.voicemail === true) {
    // One message per contact: a machine reached again is left without another.
    const say = l.job.voicemailLeftAt ? '' : l.voicemailText;
    if (say) await markVoicemailLeft(ctx.db, l.job.id, now);
    await storeTurn(ctx.pool, l.call.id, l.call.lastSeq, [speech('agent_speech', say, now)], 'voicemail', {
      agentState: { ...l.call.agentState, outbound: { ...l.state, voicemail: 'left', outcome: 'voicemail', lastSaid: say } },
      at: now,
    });
    return { say, hangUp: true, callId: l.call.id };
  }
  const turn = openOutboundCall(l.facts);
  await storeTurn(ctx.pool, l.call.id, l.call.lastSeq, [speech('agent_speech', turn.say, now)], 'open', {
    agentState: { ...l.call.agentState, outbound: { ...l.state, dialogue: turn.state, lastSaid: turn.say } },
    at: now,
  });
  return { say: turn.say, hangUp: false, callId: l.call.id };
}

/** One thing the callee said; `dedupeKey` makes a repeated provider request get the same answer. */
export async function outboundCallerTurn(ctx: AppContext, attemptId: string, said: string, dedupeKey: string): Promise<OutboundReply | null> {
  const l = await load(ctx, attemptId, dedupeKey);
  if (!l) return null;
  const dialogue = l.state.dialogue as OutboundDialogueState | undefined;
  if (l.call.replay || !dialogue || dialogue.step === 'ended') return { say: (l.state.lastSaid as string) ?? '', hangUp: !dialogue || dialogue.step === 'ended', callId: l.call.id };
  const now = ctx.clock.now();
  const turn = continueOutboundCall(l.facts, dialogue, said);
  const outcome = turn.effects.outcome ?? (l.state.outcome as OutboundCallState['outcome']) ?? null;
  // The records first: the agent says a request was sent, with its reference, only once it exists.
  const created = turn.hangUp ? await applyConversationEnd(ctx, attemptId, turn.effects, l.facts.language ?? turn.state.language ?? 'en') : {};
  const say = created.referenceCode && turn.sayAfterRequest ? turn.sayAfterRequest(sayReferenceCode(created.referenceCode)) : turn.say;
  await storeTurn(ctx.pool, l.call.id, l.call.lastSeq, [speech('caller_speech', said, now), speech('agent_speech', say, now)], dedupeKey, {
    agentState: {
      ...l.call.agentState,
      outbound: { ...l.state, dialogue: turn.state, lastSaid: say, outcome, ...(turn.effects.callAgainInMs ? { callAgainInMs: turn.effects.callAgainInMs } : {}) },
    },
    at: now,
    ...(turn.state.verified && l.job.patientId ? { patientId: l.job.patientId } : {}),
  });
  return { say, hangUp: turn.hangUp, callId: l.call.id };
}
