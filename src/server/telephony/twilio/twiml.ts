// TwiML builder of the `twilio` package (twilio.twiml.VoiceResponse), without the REST SDK.
import VoiceResponse from 'twilio/lib/twiml/VoiceResponse.js';
import type { AgentReply, OrganizationProfile } from '../../agent/agent-types.js';

/** Paths of the Twilio webhooks (PUBLIC_URL + these is what the provider is given). */
export const TWILIO_PATHS = {
  voice: '/telephony/twilio/voice',
  gather: '/telephony/twilio/gather',
  dialResult: '/telephony/twilio/dial-result',
  status: '/telephony/twilio/status',
  recording: '/telephony/twilio/recording',
} as const;

function sayOptions(org: OrganizationProfile | null): { voice?: string; language?: string } {
  if (!org) return { language: 'en-US' };
  return { ...(org.settings.voice ? { voice: org.settings.voice } : {}), language: org.settings.language || 'en-US' };
}

/**
 * The agent's reply as TwiML: a question inside <Gather> (speech, answered at the gather URL
 * that names the turn, also when the caller says nothing), a transfer as <Dial> with its result
 * URL, or the last words and <Hangup>.
 */
export function renderTwiml(reply: AgentReply, at: { turn: number; org: OrganizationProfile }, baseUrl: string): string {
  const response = new VoiceResponse();
  const say = sayOptions(at.org);
  const next = reply.next;
  if (next.type === 'gather') {
    const gather = response.gather({
      input: ['speech'],
      speechTimeout: 'auto',
      action: `${baseUrl}${TWILIO_PATHS.gather}?t=${at.turn}`,
      method: 'POST',
      language: (say.language ?? 'en-US') as 'en-US',
      actionOnEmptyResult: true,
    });
    if (reply.text) gather.say(say as never, reply.text);
    return response.toString();
  }
  if (reply.text) response.say(say as never, reply.text);
  if (next.type === 'transfer') {
    const dial = response.dial({ action: `${baseUrl}${TWILIO_PATHS.dialResult}?t=${at.turn}`, method: 'POST', timeout: next.timeoutSeconds, answerOnBridge: true });
    const t = next.target;
    if (t.type === 'phone') dial.number(t.phone);
    else if (t.phone) dial.number(t.phone);
    else dial.client(`user-${t.userId}`);
    return response.toString();
  }
  response.hangup();
  return response.toString();
}

/** A short spoken message and a hang-up (unknown numbers, calls we no longer know). */
export function sayAndHangUp(text: string): string {
  const response = new VoiceResponse();
  response.say({ language: 'en-US' }, text);
  response.hangup();
  return response.toString();
}

export const EMPTY_TWIML = new VoiceResponse().toString();
