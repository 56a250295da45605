import { isCommonPassword } from '../../auth/common-passwords.js';
import { passwordStrength } from '../../auth/password-strength.js';
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_MIN_SCORE } from '../../../domain/auth/password-rules.js';
import { invalid } from '../../http/errors.js';

/** Whose password it is: their own words are the first an attacker tries. */
export interface PasswordOwner {
  email: string;
  /** The user's name, and any other name they are about to take (an invitee's chosen name). */
  names: (string | null | undefined)[];
}

/** What zxcvbn's warnings mean, in our words; anything else gets the general sentence. */
const WARNINGS: Record<string, string> = {
  straightRow: 'Rows of keys on the keyboard are easy to guess.',
  keyPattern: 'Short keyboard patterns are easy to guess.',
  simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
  extendedRepeat: 'Repeated patterns like "abcabc" are easy to guess.',
  sequences: 'Sequences like "abc" or "1234" are easy to guess.',
  recentYears: 'Recent years are easy to guess.',
  dates: 'Dates are easy to guess.',
  topTen: 'This is one of the most used passwords.',
  topHundred: 'This is one of the most used passwords.',
  common: 'This password is too common and easy to guess.',
  similarToCommon: 'This is too close to a commonly used password.',
  wordByItself: 'A single word is easy to guess.',
  namesByThemselves: 'Names on their own are easy to guess.',
  commonNames: 'Common names are easy to guess.',
  userInputs: 'Do not use your own name or email address.',
};
const ADVICE = 'Use a few unrelated words, or add more characters.';

/** Lowercase letters and digits only, so "Jane.Doe" is found in "janedoe!2024". */
const squash = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const words = (s: string) => s.normalize('NFKC').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * Server-side password rules, the one place they live (change, reset, invitation, temporary
 * passwords set by an administrator): length; not a common password; not containing the
 * owner's email, its local part or their name; not the current one; hard enough to guess by
 * zxcvbn's estimate against the owner's own words. Each refusal is a message on `field`.
 */
export async function assertAcceptablePassword(
  password: string,
  field: string,
  owner: PasswordOwner,
  opts: { current?: string } = {},
): Promise<void> {
  const refuse = (message: string) => invalid({ [field]: message });
  if (password.length < PASSWORD_MIN) throw refuse(`Use at least ${PASSWORD_MIN} characters.`);
  if (password.length > PASSWORD_MAX) throw refuse(`Use at most ${PASSWORD_MAX} characters.`);
  if (await isCommonPassword(password)) throw refuse('This password is too common and easy to guess. Choose another.');
  if (opts.current !== undefined && opts.current === password) throw refuse('Choose a password different from your current one.');

  const flat = squash(password);
  const email = owner.email.toLowerCase();
  const local = email.split('@')[0] ?? '';
  if ([email, local].some((part) => squash(part).length >= 3 && flat.includes(squash(part)))) {
    throw refuse('Do not use your email address (or the part before the @) in your password.');
  }
  // The whole name is refused outright; its single words weigh in zxcvbn's estimate below.
  const names = owner.names.filter((n): n is string => !!n?.trim());
  if (names.some((n) => squash(n).length >= 3 && flat.includes(squash(n)))) {
    throw refuse('Do not use your name in your password.');
  }

  const { score, feedback } = await passwordStrength(password, [email, local, ...words(local), ...names, ...names.flatMap(words)]);
  if (score < PASSWORD_MIN_SCORE) {
    const warning = (feedback.warning && WARNINGS[feedback.warning]) || 'This password is easy to guess.';
    throw refuse(`${warning} ${ADVICE}`);
  }
}
