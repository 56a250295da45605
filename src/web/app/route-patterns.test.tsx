import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTE_PATTERNS, matchesClientRoute } from './route-patterns';
import { routes } from './router';

/** Every full path the router declares (children joined to their parents; the catch-all left out). */
function routerPaths(list: RouteObject[], prefix = ''): string[] {
  return list.flatMap((r) => {
    const own = r.index ? prefix || '/' : r.path ? (r.path.startsWith('/') ? r.path : `${prefix.replace(/\/$/, '')}/${r.path}`) : prefix;
    const here = r.path === '*' ? [] : r.path || r.index ? [own] : [];
    return [...here, ...routerPaths(r.children ?? [], own)];
  });
}

describe('client route patterns (the server answers 404 for anything else)', () => {
  it('match every page of the router: a page whose path is missing here would answer 404 on reload', () => {
    const declared = routerPaths(routes);
    expect(declared.length).toBeGreaterThan(10);
    const missing = declared.filter((p) => !matchesClientRoute(p.replace(/:(\w+)/g, 'x'), CLIENT_ROUTE_PATTERNS));
    expect(missing, 'add the page to a paths module that src/web/app/route-patterns.ts reads').toEqual([]);
  });

  it('take parameters, trailing slashes and subtrees, and nothing else', () => {
    const patterns = ['/', '/calls', '/calls/:id', '/calls/:id/chat-context', '/developer/*'];
    expect(matchesClientRoute('/', patterns)).toBe(true);
    expect(matchesClientRoute('/calls/', patterns)).toBe(true);
    expect(matchesClientRoute('/calls/abc', patterns)).toBe(true);
    expect(matchesClientRoute('/calls/abc/chat-context', patterns)).toBe(true);
    expect(matchesClientRoute('/developer', patterns)).toBe(true);
    expect(matchesClientRoute('/developer/keys/new', patterns)).toBe(true);
    expect(matchesClientRoute('/calls/abc/transcript', patterns)).toBe(false);
    expect(matchesClientRoute('/no-such-page', patterns)).toBe(false);
    expect(matchesClientRoute('/callsx', patterns)).toBe(false);
  });

  it('include the patient pages', () => {
    for (const p of ['/request-appointment', '/request-appointment/success', '/portal', '/intake']) expect(matchesClientRoute(p, CLIENT_ROUTE_PATTERNS)).toBe(true);
    expect(matchesClientRoute('/portal/nothing', CLIENT_ROUTE_PATTERNS)).toBe(false);
  });
});
