import { z } from 'zod';
import { Email, NewPassword } from '../domain/auth/password-rules.js';

/**
 * The password endpoints: forgotten and reset passwords, invitations, emailed links, and
 * changing one's own password — as the server validates them and the web's forms send them.
 */

const Token = z.string({ error: 'The link is incomplete.' }).min(20, { error: 'The link is incomplete.' }).max(200, { error: 'The link is not valid.' });

export const ForgotPasswordBody = z.object({ email: Email });
export type ForgotPasswordBody = z.input<typeof ForgotPasswordBody>;
export const ForgotPasswordResponse = z.object({ message: z.string() });

export const ResetPasswordBody = z.object({ token: Token, newPassword: NewPassword });
export type ResetPasswordBody = z.input<typeof ResetPasswordBody>;

export const AcceptInvitationBody = z.object({
  token: Token,
  name: z.string().trim().min(1, { error: 'Enter your name.' }).max(120, { error: 'Use at most 120 characters.' }),
  password: NewPassword,
});
export type AcceptInvitationBody = z.input<typeof AcceptInvitationBody>;

export const LinkPurpose = z.enum(['reset', 'invite'], { error: 'Use reset or invite.' });
export type LinkPurpose = z.infer<typeof LinkPurpose>;

export const CheckLinkBody = z.object({ token: Token, purpose: LinkPurpose });
export type CheckLinkBody = z.input<typeof CheckLinkBody>;

export const ChangePasswordBody = z.object({
  currentPassword: z.string().min(1, { error: 'Enter your current password.' }).max(1024),
  newPassword: NewPassword,
});
export type ChangePasswordBody = z.input<typeof ChangePasswordBody>;
