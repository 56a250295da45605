import type { AgentReply, TurnEnv } from './agent-types.js';
import { say } from './messages/index.js';
import { respondToEmergency } from './emergency-response.js';
import type { Understanding } from './nlu/understand.js';
import { afterYesNo } from './nlu/yes-no.js';

/**
 * The nurse line's screening question (issue 26 §4): a caller describes a health problem that is
 * neither clearly routine nor clearly an emergency, so before anything else the agent asks about
 * the danger signs. A clear no goes on with what the caller wanted; yes, or an answer that is not
 * a clear no, takes the emergency path — a wrong alarm costs a staff member a minute, a missed
 * one far more. Asked at most once a call; both brains go through it.
 */
/** "Nothing like that", "none of those", "she's fine otherwise": a no said without the word. */
const NONE_OF_THOSE =
  /\b(?:nothing like that|none of (?:that|those|them|the above)|no(?:ne)? of (?:that|those)|not at all|no no|nope|nah|(?:he|she|they|i)(?:'s| is|'m| am|'re| are) (?:fine|okay|ok|alright) otherwise|nada de eso|ninguna? de (?:esas?|esos?)|nada de (?:eso|esas cosas)|no,? nada|para nada|ninguno|ninguna)\b/i;

export type ScreeningStep = { reply: AgentReply } | { goOnWith: string } | null;

export async function screeningStep(env: TurnEnv, said: string, u: Understanding): Promise<ScreeningStep> {
  const { state } = env;
  const pending = state.screening;
  if (pending) {
    state.screening = undefined;
    const clearNo = u.yesNo === 'no' || (u.yesNo === null && NONE_OF_THOSE.test(said));
    env.log.add('model_request', { brain: 'screening', decision: clearNo ? 'screening:no' : `screening:${u.yesNo ?? 'unclear'}` }, 0);
    if (!clearNo) return { reply: await respondToEmergency(env, { category: pending.category, phrase: 'danger signs confirmed or unclear' }, `${pending.said} — asked about danger signs: "${said}"`) };
    // "No, I just need to book her in": what follows the no is what they want now.
    const rest = afterYesNo(said);
    return { goOnWith: rest.split(/\s+/).length >= 3 && !NONE_OF_THOSE.test(rest) ? rest : pending.said };
  }
  if (u.urgency.level !== 'screen' || state.screened) return null;
  state.screened = true;
  state.screening = { said, category: u.urgency.category };
  env.log.add('model_request', { brain: 'screening', decision: 'ask:screening', why: u.urgency.why, category: u.urgency.category }, 0);
  return { reply: { text: say(env, 'screening.question'), next: { type: 'gather' } } };
}
