/**
 * The handoff pages, kept beside the feature (used by the router and the nav) so the shared
 * paths module does not change for them.
 */
export const handoffPaths = {
  handoffs: { path: '/handoffs', href: () => '/handoffs' },
  handoff: { path: '/handoffs/:id', href: (id: string) => `/handoffs/${encodeURIComponent(id)}` },
} as const;
