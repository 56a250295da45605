import { z } from 'zod';
import { ROLES } from '@domain/auth/permissions';
import { Email, NewPassword } from '@domain/auth/password-rules';

/** Form schemas of the users page; the server checks the same rules again (users.schemas.ts). */

const Name = z.string().trim().min(1, 'Enter a name.').max(120, 'Use at most 120 characters.');
const RoleField = z.enum(ROLES, { error: 'Choose a role.' });

function requireOrganizations(value: { role: string; organizationIds: string[] }, ctx: z.RefinementCtx) {
  if (value.role !== 'admin' && value.organizationIds.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['organizationIds'], message: 'Choose at least one organization for this role.' });
  }
}

/** An optional temporary password: empty means "let the server generate one". */
function checkTemporaryPassword(value: string, ctx: z.RefinementCtx, path: string) {
  if (!value) return;
  const result = NewPassword.safeParse(value);
  if (!result.success) ctx.addIssue({ code: 'custom', path: [path], message: result.error.issues[0]?.message ?? 'Not a valid password.' });
}

export const inviteUserSchema = z
  .object({
    email: z.string().trim().min(1, 'Enter their email address.').pipe(Email),
    name: Name,
    role: RoleField,
    organizationIds: z.array(z.string()),
    mode: z.enum(['invite', 'temporary_password'], { error: 'Choose how they get a password.' }),
    temporaryPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    requireOrganizations(value, ctx);
    if (value.mode === 'temporary_password') checkTemporaryPassword(value.temporaryPassword, ctx, 'temporaryPassword');
  });
export type InviteUserFormInput = z.input<typeof inviteUserSchema>;
export type InviteUserFormOutput = z.output<typeof inviteUserSchema>;

export const editUserSchema = z
  .object({ name: Name, role: RoleField, organizationIds: z.array(z.string()) })
  .superRefine(requireOrganizations);
export type EditUserForm = z.infer<typeof editUserSchema>;

export const resetPasswordSchema = z
  .object({ mode: z.enum(['email', 'temporary_password']), temporaryPassword: z.string() })
  .superRefine((value, ctx) => {
    if (value.mode === 'temporary_password') checkTemporaryPassword(value.temporaryPassword, ctx, 'temporaryPassword');
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordSchema>;
