import type { TurnEnv } from './agent-types.js';

/**
 * The caller's own words of this turn, when the built-in brain was given them glossed (a call in
 * Spanish is understood through English glosses): messages and call-back reasons are stored as
 * the caller said them (issue 15 §4), never as the gloss.
 */
const turns = new WeakMap<TurnEnv, { glossed: string; said: string }>();

export function noteCallerWords(env: TurnEnv, glossed: string, said: string): void {
  turns.set(env, { glossed, said });
}

/** `text` with this turn's glossed utterance put back into the caller's words. */
export function inCallerWords(env: TurnEnv, text: string): string {
  const t = turns.get(env);
  if (!t || !t.glossed) return text;
  if (text === t.glossed) return t.said;
  const trimmed = t.glossed.trim();
  return text.includes(trimmed) ? text.replace(trimmed, t.said.trim()) : text;
}
