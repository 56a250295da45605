import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';

/**
 * zxcvbn's estimate of how many guesses a password takes (score 0–4), built once with the
 * common dictionaries and keyboard graphs; `userInputs` are words an attacker would try first
 * for this person (their name, their email's parts). The dictionaries are loaded on the first
 * password set, not by every process at start (the server-memory bar, decision 057).
 */
let factory: ZxcvbnFactory | undefined;

export async function passwordStrength(password: string, userInputs: string[]): Promise<Pick<ZxcvbnResult, 'score' | 'feedback'>> {
  if (!factory) {
    const [{ ZxcvbnFactory }, { adjacencyGraphs, dictionary }] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]);
    factory = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  }
  const { score, feedback } = factory.check(password, userInputs);
  return { score, feedback };
}
