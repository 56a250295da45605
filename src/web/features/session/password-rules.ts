import { z } from 'zod';
import { NewPassword, PASSWORD_MAX, PASSWORD_MIN } from '@domain/auth/password-rules';

/** Password rules shown to people and checked before the server checks them again (same schema). */
export const PASSWORD_MIN_LENGTH = PASSWORD_MIN;
export const PASSWORD_MAX_LENGTH = PASSWORD_MAX;

export const PASSWORD_RULES = [
  `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long`,
  'Not a common or easily guessed password',
  'Different from your current password',
] as const;

export const newPasswordSchema = NewPassword;

/** New password + confirmation, equal. Extend with other fields (`.extend`) per form. */
export const newPasswordPairSchema = z
  .object({
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, 'Type the new password again.'),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords do not match.',
  });
