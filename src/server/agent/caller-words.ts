import type { TurnEnv } from './agent-types.js';

export function noteCallerWords(env: TurnEnv, glossed: string, said: string): void {
  env.callerWords = { glossed, said };
}

/** `text` with this turn's glossed utterance put back into the caller's words. */
export function inCallerWords(env: TurnEnv, text: string): string {
  const t = env.callerWords;
  if (!t || !t.glossed) return text;
  if (text === t.glossed) return t.said;
  const trimmed = t.glossed.trim();
  return text.includes(trimmed) ? text.replace(trimmed, t.said.trim()) : text;
}
