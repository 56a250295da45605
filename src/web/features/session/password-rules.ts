import { PASSWORD_MAX, PASSWORD_MIN } from '@domain/auth/password-rules';

/** The password rules as people read them (the endpoints' schemas check the same rules). */
export const PASSWORD_RULES = [
  `${PASSWORD_MIN} to ${PASSWORD_MAX} characters long`,
  'Not a common or easily guessed password',
  'Different from your current password',
] as const;
