import { detectEmergency } from '../nlu/emergency.js';
import { checkDateOfBirth, parseDateParts } from '../nlu/dates.js';
import { yesNo } from '../nlu/yes-no.js';
import type { OutboundOutcome, OutboundPurpose } from '../../../domain/outbound/vocabulary.js';

/**
 * The agent's side of an outbound call (issue 16 §2). Pure: the telephony adapters (Twilio's
 * gather, the simulated callee) feed it what the callee said and carry out what it decides.
 * It reads the callee with the inbound agent's understanding (emergencies, yes/no, dates), and
 * never says anything about health or an appointment before the person has confirmed their name
 * and date of birth; otherwise it only asks them to call the practice back.
 */

export interface OutboundCallFacts {
  organizationName: string;
  /** The practice's number, said when asking for a call back. */
  practiceNumber: string;
  contactName: string;
  /** YYYY-MM-DD; without it identity cannot be confirmed, so no details are given. */
  dateOfBirth: string | null;
  purpose: OutboundPurpose;
  instructions: string;
  /** How 3/4/80 is read, and today in the organization's zone (YYYY-MM-DD). */
  dayFirst: boolean;
  today: string;
  emergencyMessage: string;
}

export type DialogueStep = 'confirm_person' | 'date_of_birth' | 'purpose' | 'ended';

export interface OutboundDialogueState {
  step: DialogueStep;
  dobTries: number;
  verified: boolean;
  outcome: OutboundOutcome | null;
}

export interface OutboundEffects {
  outcome?: OutboundOutcome;
  /** The callee asked never to be called again. */
  doNotCall?: boolean;
  /** Something for people to do (a change request, an emergency). */
  handoff?: { type: 'callback' | 'urgent'; reason: string };
  /** Call again at about this time (ms after now). */
  callAgainInMs?: number;
}

export interface DialogueTurn {
  say: string;
  hangUp: boolean;
  state: OutboundDialogueState;
  effects: OutboundEffects;
}

export const initialOutboundState = (): OutboundDialogueState => ({ step: 'confirm_person', dobTries: 0, verified: false, outcome: null });

const NEVER = /\b(do not|don'?t|never|stop) (call|calling|ring|phone)|\b(remove|take) (me|my number|this number)|\bdo not call list\b|\bunsubscribe\b|\bno (more )?calls\b/i;
const LATER = /\b(call (me )?(back )?(later|another time|tomorrow|next week|in an hour)|not a good time|bad time|busy right now|i'?m driving|can'?t talk)\b/i;
const CHANGE = /\b(change|reschedul\w*|move|cancel|different (day|time|date)|another (day|time|date)|can'?t make it)\b/i;
const WRONG = /\b(wrong number|not (him|her|me|them)|no one (here )?by that name|doesn'?t live here|who\??$)\b/i;

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || 'the patient';
}

function purposeSentence(f: OutboundCallFacts): string {
  const extra = f.instructions.trim() ? ` ${f.instructions.trim()}` : '';
  switch (f.purpose) {
    case 'appointment_reminder':
      return `I'm calling to remind you of your upcoming appointment.${extra} Can you confirm you'll be there, or would you like to change it?`;
    case 'recall':
      return `Our records show you're due for your check-up.${extra} Would you like us to book it? You can say yes, or ask for a different time.`;
    case 'callback':
      return `I'm returning your call.${extra} Is everything settled, or would you like someone from the team to help you with a change?`;
    case 'web_request_follow_up':
      return `I'm following up on the request you sent through our website.${extra} Can you confirm it's still needed, or would you like to change it?`;
    case 'custom':
      return `${extra.trim() || 'I have a message from the practice for you.'} Can you confirm, or would you like to change something?`;
  }
}

const callBack = (f: OutboundCallFacts) => `Please ask ${firstName(f.contactName)} to call ${f.organizationName} back at ${f.practiceNumber}. Thank you, goodbye.`;

function later(text: string): number {
  if (/tomorrow/i.test(text)) return 24 * 3_600_000;
  if (/next week/i.test(text)) return 7 * 24 * 3_600_000;
  return 2 * 3_600_000;
}

const end = (state: OutboundDialogueState, say: string, effects: OutboundEffects): DialogueTurn => ({
  say,
  hangUp: true,
  state: { ...state, step: 'ended', outcome: effects.outcome ?? state.outcome },
  effects,
});
const ask = (state: OutboundDialogueState, say: string, effects: OutboundEffects = {}): DialogueTurn => ({ say, hangUp: false, state, effects });

/** What the agent says when the callee picks up. */
export function openOutboundCall(f: OutboundCallFacts): DialogueTurn {
  const who = f.contactName.trim();
  const say = who
    ? `Hello, this is the virtual assistant of ${f.organizationName}. May I speak with ${who}?`
    : `Hello, this is the virtual assistant of ${f.organizationName}. Who am I speaking with?`;
  return ask(initialOutboundState(), say);
}

/** The message left on an answering machine: the campaign's own, never health details. */
export function voicemailMessage(f: OutboundCallFacts, campaignMessage: string): string {
  return campaignMessage.trim() || `Hello, this is ${f.organizationName} calling for ${firstName(f.contactName)}. Please call us back at ${f.practiceNumber}. Thank you.`;
}

/** One turn: what the callee said, and where the conversation stands. */
export function continueOutboundCall(f: OutboundCallFacts, state: OutboundDialogueState, said: string): DialogueTurn {
  const text = said.trim();
  if (state.step === 'ended') return end(state, '', {});
  if (detectEmergency(text)) {
    return end(state, f.emergencyMessage, { outcome: 'emergency', handoff: { type: 'urgent', reason: 'Emergency mentioned during an outbound call.' } });
  }
  // The number's wish, whoever answers: it goes on the do-not-call list at once.
  if (NEVER.test(text)) {
    return end(state, `Understood. We will not call this number again. Goodbye.`, { outcome: 'do_not_call', doNotCall: true });
  }
  switch (state.step) {
    case 'confirm_person': {
      if (WRONG.test(text) || yesNo(text) === 'no') return end(state, callBack(f), { outcome: 'identity_not_confirmed' });
      if (LATER.test(text)) return end(state, 'No problem, we will call another time. Goodbye.', { outcome: 'call_back_later', callAgainInMs: later(text) });
      if (yesNo(text) === 'yes' || /\b(speaking|this is (she|he|me)|it'?s me)\b/i.test(text)) {
        if (!f.dateOfBirth) return end(state, `Thank you. ${callBack(f).replace(/^Please ask \S+ to call/, 'Please call')}`, { outcome: 'identity_not_confirmed' });
        return ask({ ...state, step: 'date_of_birth' }, 'Thank you. To protect your privacy, could you tell me your date of birth?');
      }
      return ask(state, `Sorry, is this ${f.contactName.trim() || 'the person we are calling'}? Please say yes or no.`);
    }
    case 'date_of_birth': {
      const parts = parseDateParts(text, { dayFirst: f.dayFirst, today: f.today });
      const check = parts ? checkDateOfBirth(parts, f.today) : null;
      if (check?.ok && check.iso === f.dateOfBirth) {
        return ask({ ...state, step: 'purpose', verified: true }, `Thank you for confirming. ${purposeSentence(f)}`);
      }
      if (state.dobTries >= 1) return end(state, `I'm sorry, I couldn't confirm that. ${callBack(f).replace(/^Please ask \S+ to call/, 'Please call')}`, { outcome: 'identity_not_confirmed' });
      return ask({ ...state, dobTries: state.dobTries + 1 }, "Sorry, I didn't catch that. Could you say your date of birth again, with the day, month and year?");
    }
    case 'purpose': {
      if (LATER.test(text)) return end(state, 'Of course, we will call you another time. Goodbye.', { outcome: 'call_back_later', callAgainInMs: later(text) });
      if (CHANGE.test(text)) {
        return end(state, 'Thank you. Someone from the team will call you to arrange the change. Goodbye.', {
          outcome: 'change_requested',
          handoff: { type: 'callback', reason: `Asked for a change during an outbound ${f.purpose.replace(/_/g, ' ')} call: "${text.slice(0, 300)}"` },
        });
      }
      if (yesNo(text) === 'yes' || /\b(confirm|i'?ll be there|see you|sounds good|that'?s fine)\b/i.test(text)) {
        return end(state, 'Thank you, that is confirmed. Goodbye.', { outcome: 'confirmed' });
      }
      if (yesNo(text) === 'no') {
        return end(state, 'Thank you. Someone from the team will call you to help. Goodbye.', {
          outcome: 'change_requested',
          handoff: { type: 'callback', reason: `Declined during an outbound ${f.purpose.replace(/_/g, ' ')} call.` },
        });
      }
      return ask(state, 'Sorry, could you say yes to confirm, ask for a change, or ask us to call another time?');
    }
  }
}
