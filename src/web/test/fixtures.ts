/**
 * Small builders of API answers for the web component tests. They are written from the API's
 * shapes (src/contracts, the server's schemas) as plain objects, so a test states only what it
 * cares about and overrides the rest.
 */

export const ORG_MAPLE = { id: '00000000-0000-4000-8000-000000000001', name: 'Maple Street Clinic', slug: 'maple-street', timeZone: 'America/New_York', country: 'US', status: 'active' };
export const ORG_HARBOR = { id: '00000000-0000-4000-8000-000000000002', name: 'Harbor Pediatrics', slug: 'harbor', timeZone: 'America/Chicago', country: 'US', status: 'active' };

export type Role = 'admin' | 'supervisor' | 'agent' | 'developer';

export function signedIn({ role = 'supervisor' as Role, organizations = [ORG_MAPLE, ORG_HARBOR], mustChangePassword = false } = {}) {
  return {
    user: {
      id: '00000000-0000-4000-8000-0000000000aa',
      email: 'sam@example.com',
      name: 'Sam Supervisor',
      role,
      organizationIds: organizations.map((o) => o.id),
      mustChangePassword,
      twoFactorEnabled: false,
      twoFactorRequired: false,
    },
    organizations,
    idleTimeoutSeconds: 1800,
  };
}
export type TestSession = ReturnType<typeof signedIn> & { emailDelivered?: boolean };

/** The error envelope of docs/API-CONVENTIONS.md. */
export function errorBody(code: string, message: string, fields?: Record<string, string>) {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}
