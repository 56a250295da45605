import { inCallerWords } from '../../caller-words.js';
import { extractName, type NameParts } from '../../nlu/names.js';
import type { NextStep, TurnEnv } from '../../agent-types.js';
import { say } from '../../messages/index.js';
import type { Toolbox } from '../../tools/index.js';
import { localDate } from '../../tools/hours-speech.js';
import type { BuiltinState } from './builtin-state.js';

/** What a step of the built-in brain works with. */
export interface FlowCtx {
  env: TurnEnv;
  b: BuiltinState;
  tools: Toolbox;
  /** Today in the organization's zone (dates of birth are judged by it). */
  today: string;
  /** 3/4/80 is 3 April where the practice is. */
  dayFirst: boolean;
  /** The intent detected this turn, and the decisions taken: shown in the chat context. */
  intent: string | null;
  decisions: string[];
}

export interface FlowReply {
  text: string;
  next?: NextStep;
}

export function flowContext(env: TurnEnv, tools: Toolbox): FlowCtx {
  return {
    env,
    b: env.state.builtin,
    tools,
    today: localDate(env.now.getTime(), env.org.timeZone),
    dayFirst: env.org.country !== 'US',
    intent: null,
    decisions: [],
  };
}

export function decide(fc: FlowCtx, decision: string): void {
  fc.decisions.push(decision);
}

/** Ends the current task and asks whether there is more. */
export function anythingElse(fc: FlowCtx, said: string): FlowReply {
  fc.b.flow = 'anything_else';
  fc.b.step = '';
  return { text: `${said} ${say(fc.env, 'help.anythingElse')}`.trim() };
}

export async function goodbye(fc: FlowCtx, prefix = ''): Promise<FlowReply> {
  decide(fc, 'end_call');
  const r = await fc.tools.run('end_call', { reason: 'caller finished' });
  return { text: `${prefix} ${r.speech}`.trim(), next: { type: 'hangup' } };
}

/** Counts a failed understanding; the second in a row offers a person or a message. */
export function notUnderstood(fc: FlowCtx, retry: string): FlowReply {
  fc.b.misunderstood++;
  if (fc.b.misunderstood >= 2) {
    decide(fc, 'offer_help');
    fc.b.flow = 'offer_help';
    fc.b.step = '';
    return { text: say(fc.env, 'help.trouble') };
  }
  decide(fc, 'reprompt');
  return { text: retry };
}

/**
 * A name in what the caller said. A Spanish call reaches the flows glossed into English; names
 * are read in the caller's own words (the gloss turns Julio into July and Dolores into pains).
 */
export function nameSaid(fc: FlowCtx, text: string, expecting?: 'full' | 'first' | 'last'): NameParts | null {
  const spanish = fc.env.state.language === 'es';
  return extractName(spanish ? inCallerWords(fc.env, text) : text, expecting, { language: spanish ? 'es' : 'en' });
}
