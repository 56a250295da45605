import type { Role } from '@domain/auth/permissions';

/** Shapes of the users API (src/server/features/users/users.schemas.ts). */

export const USER_STATUSES = ['invited', 'active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  invited: 'Invited',
  active: 'Active',
  disabled: 'Deactivated',
};

export const USER_SORTS = ['name', 'email', 'lastSignInAt', 'createdAt'] as const;
export type UserSort = (typeof USER_SORTS)[number];

export interface User {
  id: string;
  email: string;
  name: string;
  role: Role;
  status: UserStatus;
  organizationIds: string[];
  mustChangePassword: boolean;
  twoFactorEnabled: boolean;
  lockedUntil: string | null;
  lastSignInAt: string | null;
  createdAt: string;
}

/** How a new user (or a reset) gets a password. */
export type PasswordDelivery = 'invite' | 'temporary_password';

/** True while a sign-in lockout is running. */
export function isLocked(user: Pick<User, 'lockedUntil'>, now: Date = new Date()): boolean {
  return user.lockedUntil !== null && new Date(user.lockedUntil).getTime() > now.getTime();
}
