import { z } from 'zod';

/**
 * The own-account endpoints (/api/profile…): details, notification preferences, sessions and
 * two-factor setup, as the server validates and answers them and the profile page uses them.
 */

export const NotificationPreferences = z.object({ email: z.boolean(), sms: z.boolean(), urgentHandoffs: z.boolean(), dailySummary: z.boolean() });
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const ProfileView = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    /** E.164, as normalised by the server; null when not set. */
    phone: z.string().nullable(),
    role: z.string(),
    notificationPreferences: NotificationPreferences,
    twoFactorEnabled: z.boolean(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof ProfileView>;

export const UpdateProfileBody = z.object({
  name: z.string().trim().min(1, { error: 'Enter your name.' }).max(120, { error: 'Use at most 120 characters.' }).optional(),
  /** Any common format; the server normalises it to E.164 (400 with `fields.phone` when it cannot). Null clears it. */
  phone: z.string().max(40, { error: 'That phone number is too long.' }).nullable().optional(),
  notificationPreferences: NotificationPreferences.optional(),
});
export type UpdateProfileBody = z.input<typeof UpdateProfileBody>;
export type UpdateProfileInput = z.infer<typeof UpdateProfileBody>;

const ActiveSession = z.object({
  id: z.string(),
  /** The session this browser is using. */
  current: z.boolean(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type ActiveSession = z.infer<typeof ActiveSession>;

export const SessionListResponse = z.object({ items: z.array(ActiveSession) });
export type SessionListResponse = z.infer<typeof SessionListResponse>;

export const RevokeOthersResponse = z.object({ revoked: z.number() });
export type RevokeOthersResponse = z.infer<typeof RevokeOthersResponse>;

export const SessionIdParams = z.object({ id: z.string().max(100) });

/** Turning two-factor on or off asks for the account's password. */
export const PasswordBody = z.object({ password: z.string().min(1, { error: 'Enter your password.' }).max(1024) });
export type PasswordBody = z.input<typeof PasswordBody>;

export const TwoFactorSetupResponse = z.object({
  /** `otpauth://totp/…?secret=…&issuer=…` — for an authenticator app. */
  totpURI: z.string(),
  /** Single-use codes for when the phone is not at hand. */
  backupCodes: z.array(z.string()),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupResponse>;

export const ConfirmTwoFactorBody = z.object({ code: z.string().trim().regex(/^\d{6}$/, { error: 'Enter the 6-digit code.' }) });
export type ConfirmTwoFactorBody = z.input<typeof ConfirmTwoFactorBody>;
