import type { User, UserStatus } from '@contracts/users';

/** How the users page names a user's status. */
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  invited: 'Invited',
  active: 'Active',
  disabled: 'Deactivated',
};

/** True while a sign-in lockout is running. */
export function isLocked(user: Pick<User, 'lockedUntil'>, now: Date = new Date()): boolean {
  return user.lockedUntil !== null && new Date(user.lockedUntil).getTime() > now.getTime();
}
