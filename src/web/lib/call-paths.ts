/**
 * The calls pages (used by the router, the nav and other features' links). Kept in their own
 * module so the shared paths module does not have to change for them.
 */
export const callPaths = {
  calls: {
    path: '/calls',
    href: (query?: Record<string, string | undefined>) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(query ?? {})) if (v) params.set(k, v);
      const qs = params.toString();
      return qs ? `/calls?${qs}` : '/calls';
    },
  },
  call: { path: '/calls/:id', href: (id: string) => `/calls/${encodeURIComponent(id)}` },
  chatContext: { path: '/calls/:id/chat-context', href: (id: string) => `/calls/${encodeURIComponent(id)}/chat-context` },
} as const;
