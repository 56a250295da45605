import { z } from 'zod';
import { ROLES } from '../../../domain/auth/permissions.js';
import { Email } from '../../../domain/auth/password-rules.js';

export const SessionUser = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    organizationIds: z.array(z.string()),
    mustChangePassword: z.boolean(),
    twoFactorEnabled: z.boolean(),
    twoFactorRequired: z.boolean(),
  })
  .meta({ id: 'SessionUser' });

export const SessionOrganization = z.object({ id: z.string(), name: z.string(), slug: z.string(), timeZone: z.string(), status: z.string() });

export const SessionResponse = z.object({
  user: SessionUser,
  organizations: z.array(SessionOrganization),
  /** A session ends after this long without a request (the browser signs out then too). */
  idleTimeoutSeconds: z.number().int().positive(),
});

export const LoginBody = z.object({
  email: Email,
  password: z.string({ error: 'Enter your password.' }).min(1, { error: 'Enter your password.' }).max(1024, { error: 'That password is too long.' }),
});

export const LoginResponse = z.union([z.object({ user: SessionUser }), z.object({ twoFactorRequired: z.literal(true) })]);

export const TwoFactorBody = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code.' })
    .trim()
    .regex(/^\d{6}$/, { error: 'Enter the 6-digit code from your authenticator app.' }),
});
