/** Shapes of the staff session API (docs/API-CONVENTIONS.md, "Staff session endpoints"). */

// Roles and their labels are shared with the server (the permission matrix of PRODUCT §2).
export { ROLES, ROLE_LABELS, type Role } from '@domain/auth/permissions';
import type { Role } from '@domain/auth/permissions';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  organizationIds: string[];
  mustChangePassword: boolean;
  twoFactorEnabled: boolean;
  twoFactorRequired: boolean;
}

export interface SessionOrganization {
  id: string;
  name: string;
  slug?: string;
  timeZone?: string;
}

export interface Session {
  user: SessionUser;
  organizations: SessionOrganization[];
  /** The server ends a session after this long without a request. */
  idleTimeoutSeconds: number;
}
