import { z } from 'zod';
import { ROLES } from '../domain/auth/permissions.js';
import { Email } from '../domain/auth/password-rules.js';

/**
 * The staff session endpoints (/api/session…): sign-in (with its two-factor step), the signed-in
 * user and their organizations, sign-out — as the server validates and answers them and the
 * web's sign-in forms and session query use them.
 */

/** The answer of an action that has nothing else to say. */
export const OkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;

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
export type SessionUser = z.infer<typeof SessionUser>;

/** `country`: the practice's (its address's, US when none): its records are shown in that country's clock and number format, in `timeZone` (issue 28). */
export const SessionOrganization = z.object({ id: z.string(), name: z.string(), slug: z.string(), timeZone: z.string(), country: z.string(), status: z.string() });
export type SessionOrganization = z.infer<typeof SessionOrganization>;

export const SessionResponse = z.object({
  user: SessionUser,
  organizations: z.array(SessionOrganization),
  /** A session ends after this long without a request (the browser signs out then too). */
  idleTimeoutSeconds: z.number().int().positive(),
  /** The server sends e-mail (`SMTP_URL`); without it, invitation and reset links reach no one (issue 30). */
  emailDelivered: z.boolean().optional(),
});
export type Session = z.infer<typeof SessionResponse>;

export const LoginBody = z.object({
  email: Email,
  password: z.string({ error: 'Enter your password.' }).min(1, { error: 'Enter your password.' }).max(1024, { error: 'That password is too long.' }),
});
export type LoginBody = z.input<typeof LoginBody>;

/** Signed in, or the password was right and a two-factor code is needed next. */
export const LoginResponse = z.union([z.object({ user: SessionUser }), z.object({ twoFactorRequired: z.literal(true) })]);
export type LoginResult = z.infer<typeof LoginResponse>;

export const TwoFactorBody = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code.' })
    .trim()
    .regex(/^\d{6}$/, { error: 'Enter the 6-digit code from your authenticator app.' }),
});
export type TwoFactorBody = z.input<typeof TwoFactorBody>;

/**
 * A backup code instead of the app's code (shown once when two-factor was turned on, each good for
 * one sign-in): ten letters and digits, written `abcde-12345`; spaces and a missing dash are forgiven.
 */
export const BackupCodeBody = z.object({
  code: z
    .string({ error: 'Enter one of your backup codes.' })
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, { error: 'A backup code has 10 letters and digits, like abcde-12345.' })
        .transform((value) => (value.includes('-') ? value : `${value.slice(0, 5)}-${value.slice(5)}`)),
    ),
});
export type BackupCodeBody = z.input<typeof BackupCodeBody>;

/** Signed in with a backup code: how many unused codes the user has left. */
export const BackupCodeResponse = z.object({ ok: z.literal(true), backupCodesLeft: z.number().int().min(0) });
export type BackupCodeResponse = z.infer<typeof BackupCodeResponse>;

/** Test builds only: move the server clock. */
export const TestClockBody = z.object({ advanceMs: z.number().int().min(0).max(7 * 86_400_000).optional(), reset: z.boolean().optional() });
export const TestClockResponse = z.object({ offsetMs: z.number() });
