import type { AgentReply, TurnEnv } from './agent-types.js';
import { say } from './messages/index.js';
import { respondToEmergency } from './emergency-response.js';
import { ASKS_TO_REPEAT } from './nlu/conversation-words.js';
import { detectCallLanguage } from './nlu/language.js';
import type { EmergencyCategory } from './nlu/emergency.js';
import { normalize } from './nlu/text.js';
import { understand, type Understanding } from './nlu/understand.js';
import { mentionsHealth } from './nlu/urgency.js';
import { afterYesNo } from './nlu/yes-no.js';

/** "Nothing like that", "none of those", "she's fine", "todo bien": a no said without the word. */
const NONE_OF_THOSE =
  /\b(?:nothing like that|none of (?:that|those|them|the above)|no(?:ne)? of (?:that|those)|not at all|no no|nope|nah|nothing|not that i know of|not right now|(?:he|she|they|i|we|everyone|everybody)(?:'s| is|'m| am|'re| are) (?:fine|okay|ok|alright|all right|good|doing (?:fine|ok|okay|good|well))|all good|all fine|nada de eso|ninguna? de (?:esas?|esos?)|nada de (?:eso|esas cosas)|no,? nada|nada|para nada|ninguno|ninguna|todo bien|(?:el|ella|yo|todos) (?:esta|estan|estoy|estamos) bien|esta bien)\b/;

/** "No, but she's pretty drowsy": what comes after the "but" is heard on its own. */
const BUT = /\b(?:but|pero|except|aunque)\b/;

export type ScreeningStep = { reply: AgentReply } | { goOnWith: string } | null;

/**
 * The nurse line's screening question (issue 26 §4): a caller describes a health problem that is
 * neither clearly routine nor clearly an emergency, so before anything else the agent asks about
 * the danger signs. A clear no goes on with what the caller wanted; yes, or an answer that is not
 * a clear no (silence too), takes the emergency path — a wrong alarm costs a staff member a
 * minute, a missed one far more. "Say that again" or a change of language asks it again. Asked
 * at most once a call; both brains go through it.
 */
export async function screeningStep(env: TurnEnv, said: string, u: Understanding): Promise<ScreeningStep> {
  const { state } = env;
  const pending = state.screening;
  if (pending) {
    const t = normalize(said);
    if (ASKS_TO_REPEAT.test(t) || detectCallLanguage(said, { onlyAsked: true })) return { reply: ask(env, pending.category) };
    state.screening = undefined;
    const [answer, afterBut] = t.split(BUT);
    const clearNo = (u.yesNo === 'no' || NONE_OF_THOSE.test(answer!)) && !(afterBut && understand(afterBut).urgency.level !== 'none');
    // "Gloria Stanton", "I just want to book her in": an answer about something else is no answer
    // yet, and is asked for once more; a yes, a doubt, a symptom or a second such answer is not.
    if (!clearNo && !pending.askedAgain && answersSomethingElse(said, u)) {
      state.screening = { ...pending, askedAgain: true };
      env.log.add('model_request', { brain: 'screening', decision: 'screening:ask_again' }, 0);
      const again = ask(env, pending.category);
      return { reply: { ...again, text: `${say(env, 'screening.yesOrNoFirst')} ${again.text.replace(/^[^:]*:\s*/, '')}` } };
    }
    env.log.add('model_request', { brain: 'screening', decision: clearNo ? 'screening:no' : `screening:${u.yesNo ?? 'unclear'}` }, 0);
    if (!clearNo) return { reply: await emergencyAfterScreening(env, pending, said) };
    // "No, I just need to book her in": what follows the no is what they want now, when it says so clearly.
    const rest = afterYesNo(said);
    const wants = rest.split(/\s+/).length >= 3 && !NONE_OF_THOSE.test(normalize(rest)) ? understand(rest).intent : null;
    const restWants = wants !== null && !['goodbye', 'thanks', 'greeting', 'repeat'].includes(wants);
    return { goOnWith: restWants ? rest : pending.said };
  }
  if (u.urgency.level !== 'screen' || state.screened) return null;
  state.screened = true;
  state.screening = { said, category: u.urgency.category };
  env.log.add('model_request', { brain: 'screening', decision: 'ask:screening', why: u.urgency.why, category: u.urgency.category }, 0);
  return { reply: ask(env, u.urgency.category) };
}

/**
 * Neither yes nor a doubt: the caller went on with their request or gave the detail they expected
 * to be asked for. Not when the words speak of health (that is judged as an answer) or of doubt.
 */
function answersSomethingElse(said: string, u: Understanding): boolean {
  if (u.yesNo !== null || UNSURE_ANSWER.test(normalize(said))) return false;
  return u.urgency.level === 'none' && !mentionsHealth(said);
}

const UNSURE_ANSWER = /\b(?:not sure|no se|i don'?t know|dunno|maybe|kind of|sort of|i think so|possibly|could be|tal vez|quizas?|a lo mejor|creo que si|puede ser|no estoy segur[oa])\b/;

/** No answer to the screening question. */
export async function screeningSilence(env: TurnEnv): Promise<AgentReply> {
  const pending = env.state.screening!;
  env.state.screening = undefined;
  env.log.add('caller_speech', { text: '', noInput: true });
  env.log.add('model_request', { brain: 'screening', decision: 'screening:silence' }, 0);
  return emergencyAfterScreening(env, pending, '(no answer)');
}

/** The danger signs of the body, or — when a wish to die was heard — the direct safety question. */
function ask(env: TurnEnv, category: EmergencyCategory): AgentReply {
  return { text: say(env, category === 'mental_health' ? 'screening.safety' : 'screening.question'), next: { type: 'gather' } };
}

async function emergencyAfterScreening(env: TurnEnv, pending: NonNullable<TurnEnv['state']['screening']>, answer: string): Promise<AgentReply> {
  return respondToEmergency(env, { category: pending.category, phrase: 'danger signs confirmed or unclear' }, `${pending.said} — asked about danger signs: "${answer}"`);
}
