/**
 * The permission matrix of PRODUCT §2, as data. The server's policy layer and the web's
 * navigation both read it, so a role never sees a link the server would refuse.
 */
export const ROLES = ['admin', 'supervisor', 'agent', 'developer'] as const;
export type Role = (typeof ROLES)[number];

export const CAPABILITIES = {
  'overview.read': ['admin', 'supervisor', 'agent'],
  'calls.read': ['admin', 'supervisor', 'agent', 'developer'],
  'calls.write': ['admin', 'supervisor', 'agent'],
  'chat-context.read': ['admin', 'supervisor', 'agent', 'developer'],
  'handoffs.work': ['admin', 'supervisor', 'agent'],
  /** The handoff deadlines per priority of an organization (team leads set how fast their queue is worked). */
  'handoffs.deadlines': ['admin', 'supervisor'],
  /** Patients' details and what was written to them (health information), in the user's organizations. */
  'patients.read': ['admin', 'supervisor', 'agent'],
  'outbound.single': ['admin', 'supervisor', 'agent'],
  'outbound.campaigns': ['admin', 'supervisor'],
  /**
   * Campaigns, their contacts and results, and the do-not-call list, read-only: patients' names
   * and numbers, so not developers (PRODUCT §2 gives them calls, chat context and analytics only).
   */
  'outbound.campaigns.read': ['admin', 'supervisor'],
  'analytics.read': ['admin', 'supervisor', 'developer'],
  'organizations.read': ['admin', 'supervisor', 'agent', 'developer'],
  'organizations.create': ['admin'],
  /** An organization's identity, phone numbers (which decide where a call goes) and agent settings: administrators only. */
  'organizations.edit': ['admin'],
  'hours.edit': ['admin', 'supervisor'],
  /** Hours and schedules, and clinicians' calendars: locations, visit types, clinicians, availability, exceptions. */
  'schedules.edit': ['admin', 'supervisor'],
  /** Holding, booking, moving and canceling visits on clinicians' calendars (the front desk); reading them is `patients.read`. */
  'visits.book': ['admin', 'supervisor', 'agent'],
  'users.manage': ['admin'],
  'security.manage': ['admin'],
  'developer.access': ['admin', 'developer'],
  /** The agent playground / call simulator (developer area and supervisors trying the agent). */
  'playground.use': ['admin', 'supervisor', 'developer'],
  /** Agent tests (issue 32): suites of simulated callers, run on saved or draft settings — the developer area, and team leads checking their agent. */
  'agent-tests.use': ['admin', 'supervisor', 'developer'],
  'audit.read': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof CAPABILITIES;

export function can(role: Role, capability: Capability): boolean {
  return (CAPABILITIES[capability] as readonly Role[]).includes(role);
}

/** The roles with any of the capabilities (a page open to whoever may use one of its parts). */
export function rolesWithAny(...capabilities: Capability[]): Role[] {
  return ROLES.filter((role) => capabilities.some((c) => can(role, c)));
}

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator',
  supervisor: 'Supervisor',
  agent: 'Agent',
  developer: 'Developer',
};
