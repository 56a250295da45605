import { say, type Language } from '../messages/index.js';
import { understand } from '../nlu/understand.js';
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
  /** The language the call is held in; English when absent. */
  language?: Language;
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

/** The contact's first name ('' when the job names nobody). */
function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || '';
}

const lang = (f: OutboundCallFacts): Language => f.language ?? 'en';

function purposeSentence(f: OutboundCallFacts): string {
  const l = lang(f);
  const extra = f.instructions.trim() ? ` ${f.instructions.trim()}` : '';
  switch (f.purpose) {
    case 'appointment_reminder':
      return `${say(l, 'outbound.reminder')}${extra} ${say(l, 'outbound.reminderAsk')}`;
    case 'recall':
      return `${say(l, 'outbound.recall')}${extra} ${say(l, 'outbound.recallAsk')}`;
    case 'callback':
      return `${say(l, 'outbound.returning')}${extra} ${say(l, 'outbound.returningAsk')}`;
    case 'web_request_follow_up':
      return `${say(l, 'outbound.webRequest')}${extra} ${say(l, 'outbound.webRequestAsk')}`;
    case 'custom':
      return `${extra.trim() || say(l, 'outbound.custom')} ${say(l, 'outbound.customAsk')}`;
  }
}

/** "Please ask Jane to call … back" (the patient, when the job names nobody). */
const callBack = (f: OutboundCallFacts) => {
  const number = { practice: f.organizationName, number: f.practiceNumber };
  const name = firstName(f.contactName);
  return name ? say(lang(f), 'outbound.askToCallBack', { ...number, name }) : say(lang(f), 'outbound.askPatientToCallBack', number);
};
/** Said to the person themselves: "Please call … back". */
const callBackYourself = (f: OutboundCallFacts) =>
  firstName(f.contactName) ? say(lang(f), 'outbound.callBack', { practice: f.organizationName, number: f.practiceNumber }) : callBack(f);

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
  const hello = who ? say(lang(f), 'outbound.hello', { practice: f.organizationName, name: who }) : say(lang(f), 'outbound.helloWho', { practice: f.organizationName });
  return ask(initialOutboundState(), hello);
}

/** The message left on an answering machine: the campaign's own, never health details. */
export function voicemailMessage(f: OutboundCallFacts, campaignMessage: string): string {
  const name = firstName(f.contactName);
  const said = { practice: f.organizationName, number: f.practiceNumber };
  return campaignMessage.trim() || (name ? say(lang(f), 'outbound.voicemail', { ...said, name }) : say(lang(f), 'outbound.voicemailPatient', said));
}

/** One turn: what the callee said, and where the conversation stands. */
export function continueOutboundCall(f: OutboundCallFacts, state: OutboundDialogueState, said: string): DialogueTurn {
  const text = said.trim();
  const l = lang(f);
  if (state.step === 'ended') return end(state, '', {});
  // The same safety as inbound calls (issue 26 §4): the rules or the emergency model; every answer here is to the agent's question.
  if (understand(text, { openMoment: false }).urgency.level === 'emergency') {
    return end(state, f.emergencyMessage, { outcome: 'emergency', handoff: { type: 'urgent', reason: 'Emergency mentioned during an outbound call.' } });
  }
  // The number's wish, whoever answers: it goes on the do-not-call list at once.
  if (NEVER.test(text)) {
    return end(state, say(l, 'outbound.notAgain'), { outcome: 'do_not_call', doNotCall: true });
  }
  switch (state.step) {
    case 'confirm_person': {
      if (WRONG.test(text) || yesNo(text) === 'no') return end(state, callBack(f), { outcome: 'identity_not_confirmed' });
      if (LATER.test(text)) return end(state, say(l, 'outbound.anotherTime'), { outcome: 'call_back_later', callAgainInMs: later(text) });
      if (yesNo(text) === 'yes' || /\b(speaking|this is (she|he|me)|it'?s me)\b/i.test(text)) {
        if (!f.dateOfBirth) return end(state, `${say(l, 'ack.thankYou')} ${callBackYourself(f)}`, { outcome: 'identity_not_confirmed' });
        return ask({ ...state, step: 'date_of_birth' }, say(l, 'outbound.askDateOfBirth'));
      }
      return ask(state, f.contactName.trim() ? say(l, 'outbound.isThis', { name: f.contactName.trim() }) : say(l, 'outbound.isThisPerson'));
    }
    case 'date_of_birth': {
      const parts = parseDateParts(text, { dayFirst: f.dayFirst, today: f.today });
      const check = parts ? checkDateOfBirth(parts, f.today) : null;
      if (check?.ok && check.iso === f.dateOfBirth) {
        return ask({ ...state, step: 'purpose', verified: true }, `${say(l, 'outbound.thanksConfirming')} ${purposeSentence(f)}`);
      }
      if (state.dobTries >= 1) return end(state, `${say(l, 'outbound.notConfirmed')} ${callBackYourself(f)}`, { outcome: 'identity_not_confirmed' });
      return ask({ ...state, dobTries: state.dobTries + 1 }, say(l, 'outbound.retryDateOfBirth'));
    }
    case 'purpose': {
      if (LATER.test(text)) return end(state, say(l, 'outbound.later'), { outcome: 'call_back_later', callAgainInMs: later(text) });
      if (CHANGE.test(text)) {
        return end(state, say(l, 'outbound.changeArranged'), {
          outcome: 'change_requested',
          handoff: { type: 'callback', reason: `Asked for a change during an outbound ${f.purpose.replace(/_/g, ' ')} call: "${text.slice(0, 300)}"` },
        });
      }
      if (yesNo(text) === 'yes' || /\b(confirm|i'?ll be there|see you|sounds good|that'?s fine)\b/i.test(text)) {
        return end(state, say(l, 'outbound.confirmed'), { outcome: 'confirmed' });
      }
      if (yesNo(text) === 'no') {
        return end(state, say(l, 'outbound.willHelp'), {
          outcome: 'change_requested',
          handoff: { type: 'callback', reason: `Declined during an outbound ${f.purpose.replace(/_/g, ' ')} call.` },
        });
      }
      return ask(state, say(l, 'outbound.purposeRetry'));
    }
  }
}
