import { z } from 'zod';
import { AcceptInvitationBody, ChangePasswordBody, ResetPasswordBody } from '@contracts/password';

/**
 * The password forms: each endpoint's body schema, plus the form-only "type it again" field.
 * The token of a reset or invitation link comes from the address, not from the form.
 */

const confirmPassword = z.string().min(1, { error: 'Type the new password again.' });
const mismatch = { path: ['confirmPassword'], error: 'The two passwords do not match.' };

export const changePasswordFormSchema = ChangePasswordBody.extend({ confirmPassword })
  .refine((v) => v.newPassword === v.confirmPassword, mismatch)
  .refine((v) => !v.currentPassword || v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    error: 'Choose a password different from your current one.',
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const resetPasswordFormSchema = ResetPasswordBody.pick({ newPassword: true })
  .extend({ confirmPassword })
  .refine((v) => v.newPassword === v.confirmPassword, mismatch);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const acceptInvitationFormSchema = AcceptInvitationBody.pick({ name: true, password: true })
  .extend({ confirmPassword })
  .refine((v) => v.password === v.confirmPassword, mismatch);
export type AcceptInvitationForm = z.input<typeof acceptInvitationFormSchema>;
