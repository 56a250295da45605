/**
 * Matching an address against the web app's route patterns (src/web/app/route-patterns.ts):
 * the server answers 404 for an address no page answers (issue 19 §8).
 */

/** Whether `pathname` is one of `patterns` (`:name` takes one segment, a trailing `/*` the rest). */
export function matchesClientRoute(pathname: string, patterns: readonly string[]): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const segments = clean.split('/').slice(1);
  return patterns.some((pattern) => {
    const parts = pattern.split('/').slice(1);
    const subtree = parts[parts.length - 1] === '*';
    if (subtree) parts.pop();
    if (subtree ? segments.length < parts.length : segments.length !== parts.length) return false;
    if (pattern === '/') return clean === '/';
    return parts.every((p, i) => (p.startsWith(':') ? segments[i]!.length > 0 : p === segments[i]));
  });
}
