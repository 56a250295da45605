import { z } from 'zod';
import { ROLES } from '../../../domain/auth/permissions.js';
import { Email, NewPassword } from '../../../domain/auth/password-rules.js';
import { Paging } from '../../http/route-types.js';

const Uuid = z.uuid({ error: 'Not a valid organization id.' });
const Name = z.string({ error: 'Enter a name.' }).trim().min(1, { error: 'Enter a name.' }).max(120, { error: 'Use at most 120 characters.' });

export const UserView = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    status: z.enum(['invited', 'active', 'disabled']),
    organizationIds: z.array(z.string()),
    mustChangePassword: z.boolean(),
    twoFactorEnabled: z.boolean(),
    lockedUntil: z.string().nullable(),
    lastSignInAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'User' });

export const UserListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(['invited', 'active', 'disabled']).optional(),
  organizationId: Uuid.optional(),
  sort: z.enum(['name', 'email', 'lastSignInAt', 'createdAt']).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  ...Paging,
});

export const UserListResponse = z.object({ items: z.array(UserView), total: z.number(), page: z.number(), pageSize: z.number() });

export const CreateUserBody = z.object({
  email: Email,
  name: Name,
  role: z.enum(ROLES, { error: 'Choose a role.' }),
  organizationIds: z.array(Uuid).max(500).default([]),
  mode: z.enum(['invite', 'temporary_password'], { error: 'Choose how the user gets a password.' }),
  temporaryPassword: NewPassword.optional(),
});

export const UpdateUserBody = z
  .object({ name: Name.optional(), role: z.enum(ROLES).optional(), organizationIds: z.array(Uuid).max(500).optional() })
  .refine((b) => b.name !== undefined || b.role !== undefined || b.organizationIds !== undefined, { error: 'Change at least one field.' });

export const ResetPasswordBody = z.object({
  mode: z.enum(['email', 'temporary_password']),
  temporaryPassword: NewPassword.optional(),
});

export const ResetPasswordResponse = z.object({ mode: z.enum(['email', 'temporary_password']), temporaryPassword: z.string().optional() });

export const UserIdParams = z.object({ id: z.string().max(100) });
