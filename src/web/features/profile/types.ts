import type { Role } from '@domain/auth/permissions';

/** Shapes of the profile API (src/server/features/profile/profile.routes.ts). */

export interface NotificationPreferences {
  email: boolean;
  sms: boolean;
  urgentHandoffs: boolean;
  dailySummary: boolean;
}

export interface Profile {
  id: string;
  email: string;
  name: string;
  /** E.164, as normalised by the server; null when not set. */
  phone: string | null;
  role: Role;
  notificationPreferences: NotificationPreferences;
  twoFactorEnabled: boolean;
}

export interface ActiveSession {
  id: string;
  /** The session this browser is using. */
  current: boolean;
  createdAt: string;
  lastActiveAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}
