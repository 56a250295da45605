import type { Intent } from '../../nlu/intents.js';
import { yesNo } from '../../nlu/yes-no.js';
import { hoursDayAsked } from '../../nlu/hours-day.js';
import { startAppointment } from './appointment-flow.js';
import { hasMessageContent } from '../../nlu/message-topics.js';
import { messageAboutRequest, startCallback, startMessage, startMessageWith, startTransfer } from './contact-flows.js';
import { answerFromFaq } from './faq.js';
import { inCallerWords } from '../../caller-words.js';
import { anythingElse, decide, goodbye, notUnderstood, type FlowCtx, type FlowReply } from './flow-context.js';
import { startStatus } from './status-flow.js';

/** "No wait…", "actually…": the caller is correcting something, not saying goodbye. */
const CORRECTION = /\b(wait|actually|hold on|hang on|correction|i meant|mistake|wrong)\b/i;

/** "I wanted to confirm my appointment", "when is my appointment?": about one already booked, nothing to change. */
const ASKS_ABOUT_APPOINTMENT = /\b(confirm\w*|what time|when is|what day|do (i|we) (still )?have)\b/i;

const MENU = 'I can help you request an appointment, tell you our opening hours, check on a request, take a message, or connect you with someone.';

/** Between tasks: what does the caller want? */
export async function topLevel(fc: FlowCtx, text: string, intents: Intent[]): Promise<FlowReply> {
  const { b } = fc;
  const yn = yesNo(text);
  const meaningful = intents.filter((i) => i !== 'thanks');
  if (b.flow === 'anything_else' && meaningful.length === 0) {
    const submitted = fc.env.state.done.appointment?.referenceCode;
    if (submitted && CORRECTION.test(text)) return messageAboutRequest(fc, text, submitted);
    if (yn === 'no') return goodbye(fc);
    if (yn === 'yes') {
      b.flow = 'idle';
      decide(fc, 'ask:what_else');
      return { text: 'Of course. What else can I help you with?' };
    }
  }
  if (b.flow === 'offer_help') {
    if (/\b(message)\b/i.test(text)) return startMessage(fc);
    if (yn === 'yes' || /\b(person|staff|someone|connect|transfer)\b/i.test(text)) return startTransfer(fc, text);
    if (yn === 'no' && meaningful.length === 0) return goodbye(fc);
  }
  return routeIntent(fc, text, meaningful[0] ?? (intents.includes('thanks') ? 'thanks' : null));
}

async function routeIntent(fc: FlowCtx, text: string, intent: Intent | null): Promise<FlowReply> {
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
      if (ASKS_ABOUT_APPOINTMENT.test(text)) return startCallback(fc, text.slice(0, 300), "I can't see the appointment schedule myself, but I'll have the front desk call you back about it.");
      return startCallback(fc, text.slice(0, 300), "I can't change appointments myself, but I'll have the front desk call you back about it.");
    case 'hours': {
      const day = hoursDayAsked(text);
      decide(fc, day ? `get_hours:${day}` : 'get_hours');
      // No day named: the tool looks for a holiday in the caller's words (its own and the practice's).
      const r = await fc.tools.run('get_hours', day ? { day } : { holiday: text.slice(0, 300) });
      return anythingElse(fc, r.speech);
    }
    case 'location': {
      decide(fc, 'answer_location');
      const a = org.address;
      const where = [a.line1, a.line2, a.city, a.region, a.postalCode].filter(Boolean).join(', ');
      fc.env.state.done.answered = [...new Set([...(fc.env.state.done.answered ?? []), 'location'])];
      return anythingElse(fc, where ? `We're at ${where}.` : "I'm sorry, I don't have our address to hand.");
    }
    case 'goodbye':
      return goodbye(fc);
    case 'thanks':
      return anythingElse(fc, "You're welcome!");
    default:
      break;
  }
  const faq = answerFromFaq(org.settings.faq, inCallerWords(fc.env, text), fc.env.state.language ?? 'en')?.answer;
  if (faq) {
    decide(fc, 'answer_faq');
    fc.env.state.done.answered = [...new Set([...(fc.env.state.done.answered ?? []), 'faq'])];
    return anythingElse(fc, faq);
  }
  if (fc.b.flow === 'offer_help') {
    decide(fc, 'give_up');
    return goodbye(fc, "I'm sorry I couldn't help today. Please call again, or ask for a member of staff.");
  }
  return notUnderstood(fc, `Sorry, I didn't quite catch that. ${MENU} What would you like to do?`);
}
