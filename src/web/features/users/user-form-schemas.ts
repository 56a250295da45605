import { z } from 'zod';
import { CreateUserBody, ResetUserPasswordBody, UserChanges, requireOrganizationsForRole } from '@contracts/users';

/**
 * The users page's forms, checked by the endpoints' own body schemas (the server checks them
 * again). What differs is only how a form holds a field: an empty temporary password means
 * "let the server generate one" and is left out of the body.
 */

const TemporaryPassword = CreateUserBody.shape.temporaryPassword.unwrap();

/** A temporary password typed with mode `temporary_password`, checked by the same rule as the server's. */
function checkTemporaryPassword(value: { mode: string; temporaryPassword: string }, ctx: z.RefinementCtx) {
  if (value.mode !== 'temporary_password' || !value.temporaryPassword) return;
  const result = TemporaryPassword.safeParse(value.temporaryPassword);
  if (!result.success) ctx.addIssue({ code: 'custom', path: ['temporaryPassword'], message: result.error.issues[0]?.message ?? 'Not a valid password.' });
}

export const inviteUserSchema = CreateUserBody.extend({
  email: z.string().trim().min(1, { error: 'Enter their email address.' }).pipe(CreateUserBody.shape.email),
  organizationIds: CreateUserBody.shape.organizationIds.unwrap(),
  temporaryPassword: z.string(),
}).superRefine((value, ctx) => {
  requireOrganizationsForRole(value, ctx);
  checkTemporaryPassword(value, ctx);
});
export type InviteUserFormInput = z.input<typeof inviteUserSchema>;
export type InviteUserFormOutput = z.output<typeof inviteUserSchema>;

export const editUserSchema = UserChanges.required().superRefine(requireOrganizationsForRole);
export type EditUserForm = z.infer<typeof editUserSchema>;

export const resetPasswordSchema = ResetUserPasswordBody.extend({ temporaryPassword: z.string() }).superRefine(checkTemporaryPassword);
export type ResetPasswordForm = z.infer<typeof resetPasswordSchema>;
