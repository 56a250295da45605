import { say, when, type Language, type Phrase } from '../messages/index.js';
import { checkDateOfBirth, parseDateParts } from '../nlu/dates.js';
import { detectCallLanguage, glossSpanish } from '../nlu/language.js';
import { readPurposeAnswer, readWhoAnswer, type PurposeAnswer } from '../nlu/outbound-answers.js';
import { sayPhone } from '../nlu/phone-numbers.js';
import { extractPreferences, type Preferences } from '../nlu/preferences.js';
import type { OutboundOutcome, OutboundPurpose } from '../../../domain/outbound/vocabulary.js';

/**
 * The agent's side of an outbound call (issue 16 §2, issue 27). Pure: the telephony adapters
 * (Twilio's gather, the simulated callee) feed it what the callee said and carry out what it
 * decides. What it says is built from the purpose and the structured facts (the patient's first
 * name, the visit, its time, the practice's name and number, the practice's message for the
 * patient) — never from the staff's instructions, which are guidance for the people who follow
 * up and are never spoken. Nothing about health or a visit is said before the person confirmed
 * the patient's date of birth. Every way the callee answers ends in an effect staff can act on
 * (an appointment request, a handoff with their words, the contact's row, the do-not-call list),
 * and the agent only says a thing was done once the record exists: the sentence that names a
 * request's reference is made after the adapter created it (`DialogueTurn.sayAfterRequest`).
 */

export interface OutboundCallFacts {
  organizationName: string;
  /** The practice's number (E.164), said as its digit groups. */
  practiceNumber: string;
  contactName: string;
  /** YYYY-MM-DD; without it identity cannot be confirmed, so no details are given. */
  dateOfBirth: string | null;
  purpose: OutboundPurpose;
  /** What the call is about ("well-child check-up"); '' when nobody said. */
  visitType: string;
  /** A reminded visit's time (epoch ms), read in `timeZone`. */
  appointmentAtMs: number | null;
  /** Said as written, after the purpose, to the confirmed patient; '' for none. */
  messageForPatient: string;
  /** A call-back answering a handoff: what the callee asks lands on that handoff. */
  answersHandoff: boolean;
  /** A campaign's contact: its results table is where staff see who could not be confirmed (no handoff each). */
  inCampaign?: boolean;
  /** How 3/4/80 is read, today in the organization's zone (YYYY-MM-DD), now and the zone. */
  dayFirst: boolean;
  today: string;
  nowMs: number;
  timeZone: string;
  emergencyMessage: string;
  /** The language the call starts in; English when absent. */
  language?: Language;
}

export type DialogueStep = 'confirm_person' | 'date_of_birth' | 'purpose' | 'preferences' | 'details' | 'ended';

export interface OutboundDialogueState {
  step: DialogueStep;
  dobTries: number;
  verified: boolean;
  outcome: OutboundOutcome | null;
  /** Unclear answers at this step. */
  retries?: number;
  /** Questions the agent could not answer, passed on with whatever record the call ends in. */
  questions?: string[];
  /** The callee switched language (they answered in Spanish). */
  language?: Language;
}

export interface OutboundEffects {
  outcome?: OutboundOutcome;
  /** What the callee said that decided the outcome, in their words. */
  response?: string;
  /** The callee asked never to be called again. */
  doNotCall?: boolean;
  /** Something for people to do (a change, a question, an emergency), with the callee's words. */
  handoff?: { type: 'callback' | 'urgent'; reason: string };
  /** The callee wants the visit: an appointment request with their preferred times. */
  appointmentRequest?: { preferences: Preferences | null; said: string; notes: string };
  /** Call again at about this time (ms after now). */
  callAgainInMs?: number;
}

export interface DialogueTurn {
  say: string;
  /** With an appointment request: what to say once it exists, with its reference. */
  sayAfterRequest?: (referenceCode: string) => string;
  hangUp: boolean;
  state: OutboundDialogueState;
  effects: OutboundEffects;
}

export const initialOutboundState = (language?: Language): OutboundDialogueState => ({ step: 'confirm_person', dobTries: 0, verified: false, outcome: null, ...(language ? { language } : {}) });

/** The contact's first name ('' when the job names nobody). */
function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || '';
}

/** Under 18 on the call's day: the agent asks for a parent or guardian. */
export function isMinor(dateOfBirth: string | null, today: string): boolean {
  if (!dateOfBirth) return false;
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const age = ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
  return age < 18;
}

const number = (f: OutboundCallFacts) => sayPhone(f.practiceNumber);
/** The patient as the sentence names them: their first name, or "the patient" when the job names nobody. */
const patientName = (f: OutboundCallFacts, l: Language) => firstName(f.contactName) || (l === 'es' ? 'el paciente' : 'the patient');
/** Spanish contracts "de el" and "a el" ("del paciente", "al paciente"). */
const contract = (text: string, l: Language) => (l === 'es' ? text.replace(/\bde el\b/g, 'del').replace(/\bA el\b/g, 'Al') : text);

/** The visit as a noun phrase: "well-child check-up" / "visit"; for Spanish, " (well-child check-up)" or nothing. */
const visitNoun =
  (f: OutboundCallFacts): Phrase =>
  (l) =>
    l === 'es' ? (f.visitType ? ` (${f.visitType})` : '') : f.visitType || 'visit';
/** "a well-child check-up" / "a check-up"; "la cita de well-child check-up" / "una revisión". */
const visitDue =
  (f: OutboundCallFacts): Phrase =>
  (l) => {
    if (l === 'es') return f.visitType ? `la cita de ${f.visitType}` : 'una revisión';
    const v = f.visitType || 'check-up';
    return /^(a|an|the|his|her|their|your)\s/i.test(v) ? v : `${/^[aeiou]/i.test(v) ? 'an' : 'a'} ${v}`;
  };

/** The sentence said once the person is confirmed: why the practice calls, its own message, and one question. */
export function purposeSentence(f: OutboundCallFacts, l: Language = f.language ?? 'en'): string {
  const name = patientName(f, l);
  const message = f.messageForPatient.trim() ? ` ${f.messageForPatient.trim()}` : '';
  switch (f.purpose) {
    case 'appointment_reminder': {
      const opening =
        f.appointmentAtMs !== null
          ? say(l, 'outbound.reminderAt', { name, visit: visitNoun(f), practice: f.organizationName, when: when(f.appointmentAtMs, f.nowMs, f.timeZone) })
          : say(l, 'outbound.reminderUpcoming', { name, visit: visitNoun(f), practice: f.organizationName });
      return contract(`${opening}${message} ${say(l, 'outbound.reminderAsk', { name })}`, l);
    }
    case 'recall':
      return contract(`${say(l, 'outbound.recallDue', { name: firstName(f.contactName) || (l === 'es' ? 'el paciente' : 'The patient'), visit: visitDue(f) })}${message} ${say(l, 'outbound.recallAsk')}`, l);
    case 'callback':
      return `${say(l, 'outbound.returning', { practice: f.organizationName })}${message} ${say(l, 'outbound.returningAsk')}`;
    case 'web_request_follow_up':
      return `${say(l, 'outbound.webRequest')}${message} ${say(l, 'outbound.webRequestAsk')}`;
    case 'custom':
      return `${message.trim() || say(l, 'outbound.custom', { practice: f.organizationName })} ${say(l, 'outbound.customAsk')}`;
  }
}

/** The whole opening as the confirmed callee would hear it (the form's preview). */
export function previewOpening(f: OutboundCallFacts): string[] {
  const l = f.language ?? 'en';
  return [openOutboundCall(f).say, say(l, f.dateOfBirth && isMinor(f.dateOfBirth, f.today) ? 'outbound.askPatientDateOfBirth' : 'outbound.askDateOfBirth', { name: firstName(f.contactName) || 'the patient' }), `${say(l, 'outbound.thanksConfirming')} ${purposeSentence(f, l)}`];
}

/** "Please ask Jane to call … back" (the patient, when the job names nobody). */
const askToCallBack = (f: OutboundCallFacts, l: Language) => {
  const said = { practice: f.organizationName, number: number(f) };
  const name = firstName(f.contactName);
  return name ? say(l, 'outbound.askToCallBack', { ...said, name }) : say(l, 'outbound.askPatientToCallBack', said);
};

/** Spanish is read through its English gloss, as the inbound agent reads it (dates, days and times). */
const heard = (text: string, l: Language) => (l === 'es' ? glossSpanish(text) : text);

/** Answers too short for the language detector that only Spanish speakers give ("sí, soy yo", "diga", "ella habla"). */
const SHORT_SPANISH = /^(?:(?:s[ií]|bueno|al[oó]|diga|d[ií]game|claro|gracias|yo|soy yo|ella|[ée]l|habla|con (?:ella|[ée]l)|se[ñn]ora?)[\s,.!¿?¡]*){1,4}$/i;

function later(text: string): number {
  if (/tomorrow|ma[ñn]ana/i.test(text)) return 24 * 3_600_000;
  if (/next week|semana que viene|pr[oó]xima semana/i.test(text)) return 7 * 24 * 3_600_000;
  return 2 * 3_600_000;
}

const PURPOSE_WORDS: Record<OutboundPurpose, string> = {
  appointment_reminder: 'appointment reminder',
  recall: 'recall',
  callback: 'call-back',
  web_request_follow_up: 'web request follow-up',
  custom: 'custom',
};
const quote = (text: string) => `"${text.replace(/\s+/g, ' ').trim().slice(0, 300)}"`;
/** Whatever the callee asked along the way, for the record staff read. */
const withQuestions = (s: OutboundDialogueState, line: string) => (s.questions?.length ? `${line} They also asked: ${s.questions.map(quote).join('; ')}.` : line);

const end = (state: OutboundDialogueState, said: string, effects: OutboundEffects, extra: Partial<DialogueTurn> = {}): DialogueTurn => ({
  say: said,
  hangUp: true,
  state: { ...state, step: 'ended', outcome: effects.outcome ?? state.outcome },
  effects,
  ...extra,
});
const ask = (state: OutboundDialogueState, said: string, effects: OutboundEffects = {}): DialogueTurn => ({ say: said, hangUp: false, state, effects });

/** What the agent says when the callee picks up: who is calling and for whom, nothing more. */
export function openOutboundCall(f: OutboundCallFacts): DialogueTurn {
  const l = f.language ?? 'en';
  const who = f.contactName.trim();
  const said = !who
    ? say(l, 'outbound.helloWho', { practice: f.organizationName })
    : isMinor(f.dateOfBirth, f.today)
      ? say(l, 'outbound.helloGuardian', { practice: f.organizationName, name: who })
      : say(l, 'outbound.hello', { practice: f.organizationName, name: who });
  return ask(initialOutboundState(f.language), said);
}

/** The message left on an answering machine: the campaign's own, else who calls and the number, never health details. */
export function voicemailMessage(f: OutboundCallFacts, campaignMessage: string): string {
  const l = f.language ?? 'en';
  const name = firstName(f.contactName);
  const said = { practice: f.organizationName, number: number(f) };
  return campaignMessage.trim() || (name ? say(l, 'outbound.voicemail', { ...said, name }) : say(l, 'outbound.voicemailPatient', said));
}

/** One turn: what the callee said, and where the conversation stands. */
export function continueOutboundCall(f: OutboundCallFacts, state: OutboundDialogueState, said: string): DialogueTurn {
  const text = said.trim();
  // A callee who answers in Spanish is answered in Spanish from here on.
  const switched = detectCallLanguage(text)?.language ?? (SHORT_SPANISH.test(text) ? 'es' : undefined);
  const s: OutboundDialogueState = switched && switched !== (state.language ?? f.language ?? 'en') ? { ...state, language: switched } : state;
  const l: Language = s.language ?? f.language ?? 'en';
  const kind = PURPOSE_WORDS[f.purpose];

  const common = (answer: 'emergency' | 'stop' | 'later' | null): DialogueTurn | null => {
    if (answer === 'emergency') return end(s, f.emergencyMessage, { outcome: 'emergency', response: text, handoff: { type: 'urgent', reason: `Emergency described during an outbound ${kind} call: ${quote(text)}` } });
    // The number's wish, whoever answers: it goes on the do-not-call list at once.
    if (answer === 'stop') return end(s, say(l, 'outbound.notAgain'), { outcome: 'do_not_call', doNotCall: true, response: text });
    if (answer === 'later') return end(s, say(l, s.verified ? 'outbound.later' : 'outbound.anotherTime'), { outcome: 'call_back_later', response: text, callAgainInMs: later(text) });
    return null;
  };

  switch (s.step) {
    case 'ended':
      return end(s, '', {});
    case 'confirm_person': {
      const answer = readWhoAnswer(text, { language: l });
      const settled = common(answer === 'emergency' || answer === 'stop' || answer === 'later' ? answer : null);
      if (settled) return settled;
      if (answer === 'wrong_number') return end(s, say(l, 'outbound.sorryWrongNumber', { name: firstName(f.contactName) || (l === 'es' ? 'esa persona' : 'that person') }), { outcome: 'wrong_number', response: text });
      if (answer === 'not_here') return end(s, askToCallBack(f, l), { outcome: 'identity_not_confirmed', response: text });
      if (answer === 'yes') {
        if (!f.dateOfBirth) {
          return end(s, say(l, 'outbound.cannotConfirm', { practice: f.organizationName, number: number(f) }), {
            outcome: 'identity_not_confirmed',
            response: text,
            ...(f.inCampaign
              ? {}
              : { handoff: { type: 'callback' as const, reason: `Outbound ${kind} call: the person answered, but no date of birth is on file to confirm who they are, so nothing about the call was said. Please call them.` } }),
          });
        }
        const key = isMinor(f.dateOfBirth, f.today) ? 'outbound.askPatientDateOfBirth' : 'outbound.askDateOfBirth';
        return ask({ ...s, step: 'date_of_birth', retries: 0 }, say(l, key, { name: firstName(f.contactName) || (l === 'es' ? 'el paciente' : 'the patient') }));
      }
      if ((s.retries ?? 0) >= 1) return end(s, askToCallBack(f, l), { outcome: 'identity_not_confirmed', response: text });
      const name = f.contactName.trim();
      const again = answer === 'who_is_this' ? (name ? say(l, 'outbound.introduce', { practice: f.organizationName, name }) : say(l, 'outbound.introducePatient', { practice: f.organizationName })) : name ? say(l, 'outbound.isThis', { name }) : say(l, 'outbound.isThisPerson');
      return ask({ ...s, retries: (s.retries ?? 0) + 1 }, again);
    }
    case 'date_of_birth': {
      const settled = common(readWhoAnswerForSafety(text, l));
      if (settled) return settled;
      const parts = parseDateParts(heard(text, l), { dayFirst: f.dayFirst, today: f.today });
      const check = parts ? checkDateOfBirth(parts, f.today) : null;
      if (check?.ok && check.iso === f.dateOfBirth) {
        return ask({ ...s, step: 'purpose', verified: true, retries: 0 }, `${say(l, 'outbound.thanksConfirming')} ${purposeSentence(f, l)}`);
      }
      if (s.dobTries >= 1) return end(s, `${say(l, 'outbound.notConfirmed')} ${say(l, 'outbound.callBack', { practice: f.organizationName, number: number(f) })}`, { outcome: 'identity_not_confirmed', response: text });
      return ask({ ...s, dobTries: s.dobTries + 1 }, say(l, 'outbound.retryDateOfBirth'));
    }
    case 'purpose':
      return answerPurpose(f, s, l, text, readPurposeAnswer(text, { language: l }), common);
    case 'preferences': {
      const answer = readPurposeAnswer(text, { language: l });
      const settled = common(answer === 'emergency' || answer === 'stop' ? answer : null);
      if (settled) return settled;
      const prefs = extractPreferences(heard(text, l), true, { dayFirst: f.dayFirst, today: f.today });
      if (!prefs && answer === 'decline' && text.split(/\s+/).length <= 4) {
        // "No, actually" to "which days suit you?": they changed their mind.
        return end(s, say(l, 'outbound.declinedNoted', { number: number(f) }), { outcome: 'declined', response: text });
      }
      return book(f, s, l, text, prefs);
    }
    case 'details': {
      const settled = common(readWhoAnswerForSafety(text, l));
      if (settled) return settled;
      return passOn(f, s, l, text, 'callback_requested', `Asked during an outbound ${kind} call: ${quote(text)}`);
    }
  }
}

/** Mid-task only the emergency and "stop calling" interrupt (the rest is the answer asked for). */
function readWhoAnswerForSafety(text: string, l: Language): 'emergency' | 'stop' | null {
  const a = readWhoAnswer(text, { language: l });
  return a === 'emergency' || a === 'stop' ? a : null;
}

function answerPurpose(
  f: OutboundCallFacts,
  s: OutboundDialogueState,
  l: Language,
  text: string,
  answer: PurposeAnswer | null,
  common: (a: 'emergency' | 'stop' | 'later' | null) => DialogueTurn | null,
): DialogueTurn {
  const settled = common(answer === 'emergency' || answer === 'stop' || answer === 'later' ? answer : null);
  if (settled) return settled;
  const kind = PURPOSE_WORDS[f.purpose];
  const wantsVisit = f.purpose === 'recall' || f.purpose === 'web_request_follow_up';
  switch (answer) {
    case 'wrong_number':
      return end(s, say(l, 'outbound.notedMoved'), { outcome: 'wrong_number', response: text });
    case 'question': {
      // Noted for the team, then the question is asked again; one question more and it goes to a person.
      const questions = [...(s.questions ?? []), text];
      if (questions.length > 2) return passOn(f, { ...s, questions: questions.slice(0, -1) }, l, text, 'callback_requested', `Had questions during an outbound ${kind} call: ${quote(text)}`);
      return ask({ ...s, questions }, `${say(l, 'outbound.questionNoted')} ${purposeQuestion(f, l)}`);
    }
    case 'agree': {
      if (f.purpose === 'appointment_reminder') return end(s, say(l, 'outbound.attendanceNoted', { name: patientName(f, l) }), withQuestionHandoff(s, kind, { outcome: 'confirmed', response: text }));
      if (wantsVisit) {
        const prefs = extractPreferences(heard(text, l), false, { dayFirst: f.dayFirst, today: f.today });
        return prefs ? book(f, s, l, text, prefs) : ask({ ...s, step: 'preferences', retries: 0 }, say(l, 'outbound.askPreferences'));
      }
      // A call-back or a practice's own message: what they need goes to a person.
      return ask({ ...s, step: 'details', retries: 0 }, say(l, 'outbound.askWhatNeeded'));
    }
    case 'other_time': {
      if (wantsVisit) return book(f, s, l, text, extractPreferences(heard(text, l), true, { dayFirst: f.dayFirst, today: f.today }));
      if (f.purpose === 'appointment_reminder') return passOn(f, s, l, text, 'change_requested', `Asked to change the visit during an outbound appointment reminder call: ${quote(text)}`, 'outbound.changePassedOn');
      return end(s, say(l, 'outbound.later'), { outcome: 'call_back_later', response: text, callAgainInMs: later(text) });
    }
    case 'decline': {
      // A reminded visit someone cannot come to is a slot to free: people must know.
      if (f.purpose === 'appointment_reminder') return passOn(f, s, l, text, 'change_requested', `Said the patient cannot come, during an outbound appointment reminder call: ${quote(text)}`, 'outbound.changePassedOn');
      return end(s, say(l, 'outbound.declinedNoted', { number: number(f) }), withQuestionHandoff(s, kind, { outcome: 'declined', response: text }));
    }
    default: {
      if ((s.retries ?? 0) >= 1) return passOn(f, s, l, text, 'callback_requested', `The agent could not understand the answer during an outbound ${kind} call: ${quote(text)}`, 'outbound.notUnderstood');
      return ask({ ...s, retries: (s.retries ?? 0) + 1 }, say(l, 'outbound.purposeRetry'));
    }
  }
}

/** The purpose's question alone, asked again after a question was noted. */
function purposeQuestion(f: OutboundCallFacts, l: Language): string {
  switch (f.purpose) {
    case 'appointment_reminder':
      return say(l, 'outbound.reminderAsk', { name: patientName(f, l) });
    case 'recall':
      return say(l, 'outbound.recallAsk');
    case 'callback':
      return say(l, 'outbound.returningAsk');
    case 'web_request_follow_up':
      return say(l, 'outbound.webRequestAsk');
    case 'custom':
      return say(l, 'outbound.customAsk');
  }
}

/** An answer that needs no person, but questions asked along the way do. */
function withQuestionHandoff(s: OutboundDialogueState, kind: string, effects: OutboundEffects): OutboundEffects {
  if (!s.questions?.length) return effects;
  return { ...effects, handoff: { type: 'callback', reason: withQuestions(s, `Outbound ${kind} call: ${effects.outcome?.replace(/_/g, ' ')}.`) } };
}

/** A handoff with the callee's words; the agent says so only as it is created (the same turn's effects). */
function passOn(f: OutboundCallFacts, s: OutboundDialogueState, l: Language, text: string, outcome: OutboundOutcome, reason: string, key: 'outbound.passedOn' | 'outbound.changePassedOn' | 'outbound.notUnderstood' = 'outbound.passedOn'): DialogueTurn {
  return end(s, say(l, key), { outcome, response: text, handoff: { type: 'callback', reason: withQuestions(s, reason) } });
}

/** The callee wants the visit: an appointment request (or, for a web request already there, its handoff) with their times. */
function book(f: OutboundCallFacts, s: OutboundDialogueState, l: Language, text: string, prefs: Preferences | null): DialogueTurn {
  const kind = PURPOSE_WORDS[f.purpose];
  const notes = withQuestions(s, `Requested during an outbound ${kind} call${f.visitType ? ` about: ${f.visitType}` : ''}. Preferred times in the patient's words: ${quote(text)}`);
  if (f.answersHandoff) {
    return end(s, say(l, 'outbound.preferencesPassedOn'), { outcome: 'booking_requested', response: text, handoff: { type: 'callback', reason: notes } });
  }
  return end(
    s,
    say(l, 'outbound.preferencesPassedOn'),
    { outcome: 'booking_requested', response: text, appointmentRequest: { preferences: prefs, said: text, notes } },
    { sayAfterRequest: (reference) => say(l, 'outbound.requestSent', { reference }) },
  );
}
