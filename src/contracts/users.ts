import { z } from 'zod';
import { ROLES, type Role } from '../domain/auth/permissions.js';
import { Email, NewPassword } from '../domain/auth/password-rules.js';
import { Paging } from './common.js';

/**
 * The user administration endpoints (/api/users…, administrators): what the server validates
 * and answers, and what the web's users page sends, checks and shows.
 */

const Uuid = z.uuid({ error: 'Not a valid organization id.' });
const Name = z.string({ error: 'Enter a name.' }).trim().min(1, { error: 'Enter a name.' }).max(120, { error: 'Use at most 120 characters.' });

export const UserStatus = z.enum(['invited', 'active', 'disabled']);
export type UserStatus = z.infer<typeof UserStatus>;

export const UserSort = z.enum(['name', 'email', 'lastSignInAt', 'createdAt']);
export type UserSort = z.infer<typeof UserSort>;

/** How a new user (or a reset) gets a password: an emailed link, or a temporary password. */
export const PasswordDelivery = z.enum(['invite', 'temporary_password'], { error: 'Choose how the user gets a password.' });
export type PasswordDelivery = z.infer<typeof PasswordDelivery>;

export const UserView = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    status: UserStatus,
    organizationIds: z.array(z.string()),
    mustChangePassword: z.boolean(),
    twoFactorEnabled: z.boolean(),
    lockedUntil: z.string().nullable(),
    lastSignInAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserView>;

export const UserListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  role: z.enum(ROLES).optional(),
  status: UserStatus.optional(),
  organizationId: Uuid.optional(),
  sort: UserSort.default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  ...Paging,
});
/** The list's filters, sort and page as the server reads them (and the web keeps them). */
export type UserListParams = z.infer<typeof UserListQuery>;

export const UserListResponse = z.object({ items: z.array(UserView), total: z.number(), page: z.number(), pageSize: z.number() });
export type UserListResponse = z.infer<typeof UserListResponse>;

/**
 * Everyone but an administrator works for at least one organization. The server checks it (and
 * that the organizations exist) when a user is created or changed; forms check it as people type.
 */
export const ORGANIZATIONS_REQUIRED = 'Choose at least one organization for this role.';
export function requireOrganizationsForRole(value: { role: Role; organizationIds: string[] }, ctx: z.RefinementCtx): void {
  if (value.role !== 'admin' && value.organizationIds.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['organizationIds'], message: ORGANIZATIONS_REQUIRED, input: value.organizationIds });
  }
}

export const CreateUserBody = z.object({
  email: Email,
  name: Name,
  role: z.enum(ROLES, { error: 'Choose a role.' }),
  organizationIds: z.array(Uuid).max(500).default([]),
  mode: PasswordDelivery,
  /** Only with mode `temporary_password`; the server generates one when it is left out. */
  temporaryPassword: NewPassword.optional(),
});
export type CreateUserBody = z.input<typeof CreateUserBody>;
export type CreateUserInput = z.infer<typeof CreateUserBody>;

export const CreateUserResponse = z.object({
  user: UserView,
  /** With mode `temporary_password`: shown to the administrator once. */
  temporaryPassword: z.string().optional(),
});
export type CreateUserResult = z.infer<typeof CreateUserResponse>;

/** The fields an edit may change; the body names at least one. */
export const UserChanges = z.object({ name: Name.optional(), role: z.enum(ROLES).optional(), organizationIds: z.array(Uuid).max(500).optional() });
export const UpdateUserBody = UserChanges.refine((b) => b.name !== undefined || b.role !== undefined || b.organizationIds !== undefined, {
  error: 'Change at least one field.',
});
export type UpdateUserBody = z.input<typeof UpdateUserBody>;
export type UpdateUserInput = z.infer<typeof UpdateUserBody>;

export const ResetUserPasswordBody = z.object({
  mode: z.enum(['email', 'temporary_password']),
  /** Only with mode `temporary_password`; the server generates one when it is left out. */
  temporaryPassword: NewPassword.optional(),
});
export type ResetUserPasswordBody = z.input<typeof ResetUserPasswordBody>;

export const ResetUserPasswordResponse = z.object({ mode: z.enum(['email', 'temporary_password']), temporaryPassword: z.string().optional() });
export type ResetUserPasswordResult = z.infer<typeof ResetUserPasswordResponse>;

export const UserIdParams = z.object({ id: z.string().max(100) });
