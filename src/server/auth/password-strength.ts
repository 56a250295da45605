import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * zxcvbn's estimate of how many guesses a password takes (score 0–4), built once with the
 * common dictionaries and keyboard graphs; `userInputs` are words an attacker would try first
 * for this person (their name, their email's parts).
 */
let factory: ZxcvbnFactory | undefined;

export function passwordStrength(password: string, userInputs: string[]): Pick<ZxcvbnResult, 'score' | 'feedback'> {
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const { score, feedback } = factory.check(password, userInputs);
  return { score, feedback };
}
