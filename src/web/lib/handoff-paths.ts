/**
 * The handoff pages (used by the router, the nav and other features' links), kept in their own
 * module so the shared paths module does not change for them.
 */
export const handoffPaths = {
  handoffs: { path: '/handoffs', href: () => '/handoffs' },
  handoff: { path: '/handoffs/:id', href: (id: string) => `/handoffs/${encodeURIComponent(id)}` },
} as const;
