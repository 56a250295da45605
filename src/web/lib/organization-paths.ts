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
} as const;
