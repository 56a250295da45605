import { normalize } from '../../nlu/text.js';
import { say } from '../../messages/index.js';
import type { Intent } from '../../nlu/intents.js';
import type { Understanding } from '../../nlu/understand.js';
import { CLEAR_GOODBYE } from '../../nlu/conversation-words.js';
import { afterOfferedPerson, afterOfferedVisit, answerAreYouHuman, answerGreeting, answerWrongNumber, askToClarify, repeatLast, clarifiedIntent, clinicalQuestion, clinicalReport, offerVisitForProblem } from './conversation-moves.js';
import { hoursDayAsked } from '../../nlu/hours-day.js';
import { startAppointment } from './appointment-flow.js';
import { aboutTheSameVisit } from '../../nlu/visit-reasons.js';
import { hasMessageContent, messageTopic } from '../../nlu/message-topics.js';
import { afterYesNo } from '../../nlu/yes-no.js';
import { messageAboutRequest, startCallback, startMessage, startMessageWith, startTransfer } from './contact-flows.js';
import { answerFromFaq } from './faq.js';
import { inCallerWords } from '../../caller-words.js';
import { anythingElse, decide, goodbye, notUnderstood, type FlowCtx, type FlowReply } from './flow-context.js';
import { startStatus } from './status-flow.js';
import { startChange } from './change-flow.js';


/** "No wait…", "actually…": the caller is correcting something, not saying goodbye. */
const CORRECTION = /\b(wait|actually|hold on|hang on|correction|i meant|mistake|wrong)\b/i;

/** "I wanted to confirm my appointment", "when is my appointment?": about one already booked, nothing to change. */
const ASKS_ABOUT_APPOINTMENT = /\b(confirm\w*|what time|when is|what day|do (i|we) (still )?have)\b/i;

/** Asking for a visit again, or for someone else ("can I also book my son", "otra cita"), rather than saying more about the one requested. */
const ASKS_FOR_ANOTHER_VISIT =
  /\b(another|also|too|as well|one more|second|book|booking|appointment|appt|schedule|set up|make|otra|otro|tambien|cita|agendar|hacer|my (?:son|daughter|child|kid|baby|mother|mom|father|dad|husband|wife|partner|grandmother|grandfather|brother|sister)|mi (?:hijo|hija|nino|nina|bebe|mama|madre|papa|padre|esposo|esposa|marido|abuela|abuelo|hermano|hermana))\b/;

/** "Ok, thank you" to "anything else?" or "which would you prefer?": thanks and done, not a yes to more. */
function thanksOnly(text: string, intent: Intent | null): boolean {
  return intent === 'thanks' && !/^\s*(?:yes|yeah|yep|yup|si|sí)\b/i.test(text);
}

/** Between tasks: what does the caller want? */
export async function topLevel(fc: FlowCtx, text: string, u: Understanding): Promise<FlowReply> {
  const { b } = fc;
  const yn = u.yesNo;
  const offered = (await afterOfferedPerson(fc, text, yn)) ?? (await afterOfferedVisit(fc, text, yn));
  if (offered) return offered;
  const clarified = clarifiedIntent(fc, text, u);
  const intent = clarified ? clarified.intent : u.intent;
  const request = clarified?.said ?? text;
  const meaningful = intent && intent !== 'thanks' && intent !== 'greeting' ? intent : null;
  // "Oh sorry, wrong number, bye": a clear goodbye ends the call whatever else was said with it.
  if (b.flow === 'anything_else' && CLEAR_GOODBYE.test(text) && !/\bnever ?mind\b/i.test(text)) return goodbye(fc);
  if (b.flow === 'anything_else' && (!meaningful || meaningful === 'goodbye')) {
    const submitted = fc.env.state.done.appointment?.referenceCode;
    if (submitted && CORRECTION.test(text)) return messageAboutRequest(fc, text, submitted);
    if (yn === 'no') return goodbye(fc);
    if (thanksOnly(text, intent)) return goodbye(fc);
    if (yn === 'yes') {
      b.flow = 'idle';
      decide(fc, 'ask:what_else');
      return { text: say(fc.env, 'help.whatElse') };
    }
  }
  // "Anything else?" answered with more about the visit just requested ("oh, and it's for my
  // stitches"): a note on that request for the team, not a second request for the same visit.
  const submitted = fc.env.state.done.appointment?.referenceCode;
  const aboutIt = intent === 'appointment' || aboutTheSameVisit(text, b.appt.reasonOther ?? '');
  if (b.flow === 'anything_else' && submitted && aboutIt && !ASKS_FOR_ANOTHER_VISIT.test(normalize(text))) return messageAboutRequest(fc, text, submitted);
  // "Which would you prefer?" answered with a new question ("ok, and are you taking new
  // patients?"): the question is answered, not read as a yes to a transfer.
  const asksAnew = meaningful !== null && !['human', 'message', 'callback', 'goodbye'].includes(meaningful) && afterYesNo(text).split(/\s+/).length >= 3;
  if (b.flow === 'offer_help' && !asksAnew) {
    if (/\b(message|mensaje)\b/i.test(text)) return startMessage(fc);
    if (thanksOnly(text, intent)) return goodbye(fc);
    if (yn === 'yes' || /\b(person|staff|someone|connect|transfer|persona|alguien)\b/i.test(text)) return startTransfer(fc, text);
    if (yn === 'no' && !meaningful) return goodbye(fc);
  }
  if (!clarified && u.intent === null) {
    const ask = askToClarify(fc, text, u) ?? offerVisitForProblem(fc, text);
    if (ask) return ask;
  }
  // A question the practice's information answers, which the model took for a task it was not
  // sure of ("what would it cost me to be seen without insurance", "can someone let me know where
  // to park", "I'm coming in tomorrow and wondered where to park"): the practice's answer first;
  // the caller can still ask for the task. Far less sure of the task, the entry far ahead answers.
  // A question for staff (a message, a call-back, a person) that the information answers plainly
  // ("I need my records sent to my new doctor, how do I do that?") is answered however sure.
  // So is a visit never asked for in words ("do you see kids for sports physicals?").
  const unsureOrForStaff = u.confidence < FAQ_BEFORE_UNSURE_TASK || PASSED_TO_STAFF.has(intent!) || (intent === 'appointment' && !ASKS_FOR_A_VISIT.test(normalize(text)));
  if (!clarified && intent !== null && TASKS.has(intent) && unsureOrForStaff && ASKS.test(normalize(text))) {
    const faq = faqAnswer(fc, text, u.confidence < FAQ_FIRST_WHEN_UNSURE);
    if (faq) return answerFaq(fc, faq);
  }
  return routeIntent(fc, request, intent, u.urgency.level !== 'none');
}

/** Below this confidence in a task, a question the FAQ answers is answered first… */
const FAQ_BEFORE_UNSURE_TASK = 0.9;
/** …and below this, the FAQ entry far ahead of the others answers. */
const FAQ_FIRST_WHEN_UNSURE = 0.7;
const TASKS = new Set<Intent>(['appointment', 'message', 'callback', 'human', 'change_appointment', 'request_status', 'running_late']);
/** Words that ask for a visit itself. */
const ASKS_FOR_A_VISIT = /\b(book|booking|appointment|appt|schedule|set up|make|come in|be seen|get seen|cita|agendar|sacar|hacer)\b/;
/** Tasks that pass a question on to staff, which the practice's own information may answer now. */
const PASSED_TO_STAFF = new Set<Intent>(['message', 'callback', 'human']);
/** Said as a question about something ("where…", "do you…", "can someone tell me if you…", "¿dónde…?", "¿aceptan…?"). */
const ASKS = /\b(where|how much|how do|how can|do you|does|is there|are there|will there|would there|what|which|wondering|wonder|question|ask|(?:tell me|let me know|know|see|find out|check) (?:if|whether)|whether|donde|cuanto|como|aceptan|hay|tienen|pregunta|preguntar|(?:saber|preguntar|decirme|ver) si)\b/;

async function routeIntent(fc: FlowCtx, text: string, intent: Intent | null, alarming = false): Promise<FlowReply> {
  fc.intent = intent;
  const org = fc.env.org;
  switch (intent) {
    case 'appointment':
      return startAppointment(fc, text);
    case 'human':
      return startTransfer(fc, text);
    case 'callback':
      return startCallback(fc, text.slice(0, 300));
    case 'message':
      return hasMessageContent(text) ? startMessageWith(fc, text) : startMessage(fc);
    case 'running_late':
      return startMessageWith(fc, text);
    case 'request_status':
      return startStatus(fc, text);
    case 'change_appointment':
      // Never a new booking: the front desk calls back about the existing appointment, in the caller's words.
      if (ASKS_ABOUT_APPOINTMENT.test(text)) return startCallback(fc, text.slice(0, 300), say(fc.env, 'appointment.cantSee'));
      // A practice with calendars: the caller's booked visit is found, then cancelled or moved (issue 31 §3).
      if ((await fc.env.visitTypes()).length) return startChange(fc, text);
      // A cancellation needs nothing back from the practice: a message in the caller's words; a new time needs a call.
      if (messageTopic(text) === 'cancel') return startMessageWith(fc, text);
      return startCallback(fc, text.slice(0, 300), say(fc.env, 'appointment.cantChange'));
    case 'hours': {
      const day = hoursDayAsked(text);
      decide(fc, day ? `get_hours:${day}` : 'get_hours');
      // No day named: the tool looks for a holiday in the caller's words (its own and the practice's).
      const r = await fc.tools.run('get_hours', day ? { day } : { holiday: text.slice(0, 300) });
      return anythingElse(fc, r.speech);
    }
    case 'location': {
      const directions = faqAnswer(fc, text, true);
      if (directions) return answerFaq(fc, directions);
      decide(fc, 'answer_location');
      const a = org.address;
      const where = [a.line1, a.line2, a.city, a.region, a.postalCode].filter(Boolean).join(', ');
      fc.env.state.done.answered = [...new Set([...(fc.env.state.done.answered ?? []), 'location'])];
      return anythingElse(fc, where ? say(fc.env, 'location.at', { address: where }) : say(fc.env, 'location.unknown'));
    }
    case 'do_not_call': {
      decide(fc, 'add_to_do_not_call');
      const r = await fc.tools.run('add_to_do_not_call', {});
      return anythingElse(fc, r.speech);
    }
    case 'goodbye':
      return goodbye(fc);
    case 'thanks':
      return anythingElse(fc, say(fc.env, 'help.welcome'));
    case 'greeting':
      return answerGreeting(fc);
    case 'repeat':
      return repeatLast(fc);
    case 'are_you_human':
      return answerAreYouHuman(fc);
    case 'wrong_number':
      return answerWrongNumber(fc);
    case 'clinical_question':
      return clinicalQuestion(fc, text);
    case 'clinical_report':
      return clinicalReport(fc, text, alarming);
    case 'language':
      // The language itself is chosen before the brain (dialogue-loop); here it was already the call's, or is not offered.
      if (org.settings.languages.includes('es')) return { text: say(fc.env, 'conversation.ofCourse') };
      decide(fc, 'language_not_offered');
      fc.b.flow = 'offer_help';
      return { text: say(fc.env, 'conversation.onlyEnglish') };
    default:
      break;
  }
  const faq = faqAnswer(fc, text, intent === 'practice_info');
  if (faq) return answerFaq(fc, faq);
  if (intent === 'practice_info') {
    // Asked about the practice, and its information does not say: say so, and offer a way to find out.
    decide(fc, 'faq_no_answer');
    fc.b.flow = 'offer_help';
    return { text: say(fc.env, 'conversation.noInformation') };
  }
  if (fc.b.flow === 'offer_help') {
    // One more try before giving up: the caller may have answered something else ("se llama Valentina Ruiz").
    if (fc.b.misunderstood === 0) {
      fc.b.misunderstood++;
      decide(fc, 'reprompt');
      return { text: say(fc.env, 'help.staffOrMessageAgain') };
    }
    decide(fc, 'give_up');
    return goodbye(fc, say(fc.env, 'help.giveUp'));
  }
  return notUnderstood(fc, say(fc.env, 'help.notCaught'));
}

function answerFaq(fc: FlowCtx, answer: string): FlowReply {
  decide(fc, 'answer_faq');
  fc.env.state.done.answered = [...new Set([...(fc.env.state.done.answered ?? []), 'faq'])];
  return anythingElse(fc, answer);
}

/** The practice's own answer, searched in the caller's words and language; `infoQuestion`: the caller asks about the practice. */
function faqAnswer(fc: FlowCtx, text: string, infoQuestion = false): string | undefined {
  return answerFromFaq(fc.env.org.settings.faq, inCallerWords(fc.env, text), fc.env.state.language ?? 'en', { infoQuestion })?.answer;
}
