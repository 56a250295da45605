/** Shapes of the staff session API (docs/API-CONVENTIONS.md, "Staff session endpoints"). */

export const ROLES = ['admin', 'supervisor', 'agent', 'developer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator',
  supervisor: 'Supervisor',
  agent: 'Agent',
  developer: 'Developer',
};

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
}
