/**
 * Every route of the web app, in one place. Route definitions use `.path`; links and
 * redirects use `.href(...)` so query parameters are always built the same way.
 */

function withQuery(path: string, query: Record<string, string | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, value);
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export type AuthErrorCode =
  | 'link_expired'
  | 'link_used'
  | 'access_denied'
  | 'session_expired'
  | 'account_disabled'
  | 'unknown';

export type LoginReason = 'session_expired' | 'signed_out' | 'password_reset' | 'invite_accepted';

export const paths = {
  home: { path: '/', href: () => '/' },
  login: {
    path: '/login',
    href: (opts: { next?: string | null; reason?: LoginReason; forgot?: boolean } = {}) =>
      withQuery('/login', {
        next: opts.next && opts.next !== '/' ? opts.next : undefined,
        reason: opts.reason,
        forgot: opts.forgot ? '1' : undefined,
      }),
  },
  authError: {
    path: '/auth/error',
    href: (code: AuthErrorCode, next?: string | null) => withQuery('/auth/error', { code, next }),
  },
  resetPassword: {
    path: '/reset-password',
    href: (token?: string) => withQuery('/reset-password', { token }),
  },
  acceptInvite: {
    path: '/accept-invite',
    href: (token?: string) => withQuery('/accept-invite', { token }),
  },
  sentryExample: { path: '/sentry-example-page', href: () => '/sentry-example-page' },

  // Patient / public area (pages added by later issues).
  requestAppointment: {
    path: '/request-appointment',
    href: (org?: string) => withQuery('/request-appointment', { org }),
  },
  portal: { path: '/portal', href: () => '/portal' },
  intake: { path: '/intake', href: () => '/intake' },

  // Staff area.
  overview: { path: '/overview', href: () => '/overview' },
  users: { path: '/users', href: () => '/users' },
  profile: { path: '/profile', href: () => '/profile' },
  developer: { path: '/developer', href: () => '/developer' },
  outbound: {
    path: '/outbound',
    href: (tab?: 'single' | 'campaigns' | 'do-not-call') => withQuery('/outbound', { tab }),
  },
  outboundNewCampaign: { path: '/outbound/campaigns/new', href: () => '/outbound/campaigns/new' },
  outboundCampaign: { path: '/outbound/campaigns/:id', href: (id: string) => `/outbound/campaigns/${encodeURIComponent(id)}` },
  changePassword: {
    path: '/change-password',
    href: (next?: string | null) => withQuery('/change-password', { next }),
  },
} as const;

/** Paths that never need a staff session: a 401 seen on them does not send anyone to /login. */
const PUBLIC_PREFIXES = [
  paths.login.path,
  '/auth',
  paths.resetPassword.path,
  paths.acceptInvite.path,
  paths.sentryExample.path,
  paths.requestAppointment.path,
  paths.portal.path,
  paths.intake.path,
];

export function isPublicPath(pathname: string): boolean {
  if (pathname === paths.home.path) return true;
  return PUBLIC_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * Where to go after sign-in. Only same-origin absolute paths are accepted
 * (no "//host", no "https://…", no backslash tricks); anything else falls back to /overview.
 */
export function safeNext(next: string | null | undefined, fallback: string = paths.overview.path): string {
  if (!next) return fallback;
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback;
  // Control characters (tab, newline…) can smuggle a different path past the checks above.
  if ([...next].some((ch) => ch.charCodeAt(0) < 0x20)) return fallback;
  try {
    const url = new URL(next, 'http://switchboard.invalid');
    if (url.origin !== 'http://switchboard.invalid') return fallback;
    const result = url.pathname + url.search + url.hash;
    // Never bounce back into the sign-in page itself.
    if (url.pathname === paths.login.path) return fallback;
    return result;
  } catch {
    return fallback;
  }
}

/** The current location as a `next` value (path + search, without the hash). */
export function currentPathForNext(location: { pathname: string; search: string }): string {
  return location.pathname + location.search;
}
