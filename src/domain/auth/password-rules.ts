import { z } from 'zod';

/**
 * NIST SP 800-63B / ASVS 5.0: length 8–128, no composition rules. The server also refuses common
 * passwords, passwords containing the user's email or name, and those zxcvbn scores below
 * PASSWORD_MIN_SCORE (0–4; 3 is about 10^8 guesses) against the user's own words
 * (server/features/credentials/password.policy.ts).
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_MIN_SCORE = 3;

export const NewPassword = z
  .string({ error: 'Enter a password.' })
  .min(PASSWORD_MIN, { error: `Use at least ${PASSWORD_MIN} characters.` })
  .max(PASSWORD_MAX, { error: `Use at most ${PASSWORD_MAX} characters.` });

export const Email = z
  .string({ error: 'Enter an email address.' })
  .trim()
  .max(254, { error: 'That email address is too long.' })
  .pipe(z.email({ error: 'Enter a valid email address.' }))
  .transform((v) => v.toLowerCase());
