import type { Role } from '../../../domain/auth/permissions.js';
import type { UserRow } from './users.repository.js';

export function presentUser(user: UserRow, organizationIds: string[]) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role as Role,
    status: user.status,
    organizationIds,
    mustChangePassword: user.mustChangePassword,
    twoFactorEnabled: user.twoFactorEnabled,
    lockedUntil: user.lockedUntil?.toISOString() ?? null,
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}
