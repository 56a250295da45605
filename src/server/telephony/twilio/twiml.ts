// TwiML builder of the `twilio` package (twilio.twiml.VoiceResponse), without the REST SDK.
import VoiceResponse from 'twilio/lib/twiml/VoiceResponse.js';
// The text escaping and checks of the XML builder the twilio package uses (declared in xmlbuilder.d.ts).
import type { AgentReply, OrganizationProfile } from '../../agent/agent-types.js';

/** Paths of the Twilio webhooks (PUBLIC_URL + these is what the provider is given). */
export const TWILIO_PATHS = {
  voice: '/telephony/twilio/voice',
  gather: '/telephony/twilio/gather',
  dialResult: '/telephony/twilio/dial-result',
  status: '/telephony/twilio/status',
  recording: '/telephony/twilio/recording',
  /** ConversationRelay (issue 20): the WebSocket the provider opens, and the <Connect action> it posts when the session ends. */
  relaySocket: '/telephony/twilio/relay',
  relayEnd: '/telephony/twilio/relay-end',
} as const;

/** The WebSocket URL under PUBLIC_URL (https → wss) that ConversationRelay is given, and signs. */
export function relaySocketUrl(baseUrl: string): string {
  return `${baseUrl.replace(/^http/, 'ws')}${TWILIO_PATHS.relaySocket}`;
}

function sayOptions(org: OrganizationProfile | null, language?: 'en' | 'es'): { voice?: string; language?: string } {
  if (!org) return { language: 'en-US' };
  // A call held in Spanish (issue 15 §2): a Spanish voice, and speech recognised as US Spanish.
  if (language === 'es') return { voice: org.settings.voiceEs || 'Polly.Lupe', language: 'es-US' };
  return { ...(org.settings.voice ? { voice: org.settings.voice } : {}), language: org.settings.language || 'en-US' };
}

/**
 * The agent's reply as TwiML: a question inside <Gather> (speech, answered at the gather URL
 * that names the turn, also when the caller says nothing), a transfer as <Dial> with its result
 * URL, or the last words and <Hangup>.
 */
export function renderTwiml(reply: AgentReply, at: { turn: number; org: OrganizationProfile; callId?: string; hints?: readonly string[] }, baseUrl: string, mode = at.org.settings.voiceMode): string {
  const say = sayOptions(at.org, reply.language);
  const next = reply.next;
  // Relay mode (issue 20): the conversation continues over ConversationRelay, which speaks these words first.
  if (next.type === 'gather' && mode === 'relay') return connectRelay(reply, at, say, baseUrl);
  if (next.type === 'gather') return buildGather(reply.text ?? '', String(at.turn), say, baseUrl);
  const response = new VoiceResponse();
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

/**
 * <Connect><ConversationRelay>: the provider recognises and speaks, exchanging text with our
 * WebSocket; the agent's words are its welcome greeting; <Connect action> gets the session's end.
 */
function connectRelay(reply: AgentReply, at: { turn: number; org: OrganizationProfile; callId?: string; hints?: readonly string[] }, say: { voice?: string; language?: string }, baseUrl: string): string {
  const response = new VoiceResponse();
  const connect = response.connect({ action: `${baseUrl}${TWILIO_PATHS.relayEnd}?t=${at.turn}`, method: 'POST' });
  const s = at.org.settings;
  const relay = connect.conversationRelay({
    url: relaySocketUrl(baseUrl),
    language: say.language ?? 'en-US',
    // Polly voice names belong to <Say>; ConversationRelay then uses its default voice for the language.
    ...(say.voice && !say.voice.startsWith('Polly.') ? { voice: say.voice } : {}),
    ...(reply.text ? { welcomeGreeting: reply.text, welcomeGreetingInterruptible: 'any' } : {}),
    interruptible: 'any',
    dtmfDetection: true,
    // The caller speaking is reported as it happens, so a long answer is not taken for silence.
    partialPrompts: true,
    // The practice's and its clinicians' names; a comma would split a name into two hints.
    hints: [at.org.name, ...(at.hints ?? [])].map((h) => h.replaceAll(',', ' ')).join(','),
  });
  if (s.languages.includes('es')) {
    relay.language({ code: 'en-US' });
    relay.language({ code: 'es-US', ...(s.voiceEs && !s.voiceEs.startsWith('Polly.') ? { voice: s.voiceEs } : {}) });
  }
  if (at.callId) relay.parameter({ name: 'callId', value: at.callId });
  relay.parameter({ name: 'turn', value: String(at.turn) });
  return response.toString();
}

function buildGather(text: string, turn: string, say: { voice?: string; language?: string }, baseUrl: string): string {
  const response = new VoiceResponse();
  const gather = response.gather({
    input: ['speech'],
    speechTimeout: 'auto',
    action: `${baseUrl}${TWILIO_PATHS.gather}?t=${turn}`,
    method: 'POST',
    language: (say.language ?? 'en-US') as 'en-US',
    actionOnEmptyResult: true,
  });
  if (text) gather.say(say as never, text);
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
