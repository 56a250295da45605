import { PASSWORD_MAX, PASSWORD_MIN } from '@domain/auth/password-rules';

/**
 * The password rules as people read them; the server's password policy checks the same rules
 * (server/features/credentials/password.policy.ts) and answers each refusal beside the field.
 */
export const PASSWORD_RULES = [
  { id: 'length', text: `${PASSWORD_MIN} to ${PASSWORD_MAX} characters long` },
  { id: 'strength', text: 'Hard to guess: not a common password, a pattern like "aaaaaaaa" or "1234", or a single word' },
  { id: 'personal', text: 'Without your name or email address' },
  { id: 'different', text: 'Different from your current password' },
] as const;
