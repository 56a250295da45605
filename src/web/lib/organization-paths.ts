/**
 * The organization pages (used by the router, the nav and other features' links). Kept in their
 * own module so the shared paths module does not have to change for them.
 */
function withOrg(path: string, org?: string | null): string {
  return org ? `${path}?org=${encodeURIComponent(org)}` : path;
}

export const organizationPaths = {
  organizations: { path: '/organizations', href: () => '/organizations' },
  hours: { path: '/organizations/hours', href: (org?: string | null) => withOrg('/organizations/hours', org) },
  schedules: { path: '/organizations/schedules', href: (org?: string | null) => withOrg('/organizations/schedules', org) },
  /** Clinicians' calendars, part of the schedules (PRODUCT §3): visits by day and week, and the records behind them. */
  calendars: { path: '/organizations/schedules/calendars', href: (org?: string | null) => withOrg('/organizations/schedules/calendars', org) },
  /** Agent tests (issue 32): simulated callers run against the practice's agent. */
  agentTests: { path: '/organizations/agent-tests', href: (org?: string | null) => withOrg('/organizations/agent-tests', org) },
} as const;
