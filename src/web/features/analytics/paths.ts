/** The analytics page, beside its feature (used by the router and the nav). */
export const analyticsPaths = {
  analytics: { path: '/analytics', href: (query?: Record<string, string>) => (query && Object.keys(query).length ? `/analytics?${new URLSearchParams(query).toString()}` : '/analytics') },
} as const;
