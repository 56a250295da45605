/**
 * The addresses the web app answers, as patterns (`/calls/:id`; a trailing `/*` takes a whole
 * subtree), gathered from the paths modules the router uses, so a page added to one of them is
 * known here without another list to keep. The web build writes them to
 * `dist/web/client-routes.json` (vite.config.ts), and the server answers 404 for any other
 * address (issue 19 §8) while still sending the page, whose router shows "Page not found".
 * route-patterns.test.ts checks every route of router.tsx is matched.
 *
 * Plain modules only (no React): vite.config.ts imports this file.
 */
import { paths } from '../lib/paths.js';
import { callPaths } from '../lib/call-paths.js';
import { handoffPaths } from '../lib/handoff-paths.js';
import { organizationPaths } from '../lib/organization-paths.js';
import { analyticsPaths } from '../features/analytics/paths.js';
import { matchesClientRoute } from '../../domain/client-routes.js';

/** The patient pages (src/web/patient/app.tsx chooses among them by path). */
export const PATIENT_PAGE_PATHS = ['/request-appointment', '/request-appointment/start', '/request-appointment/finish', '/request-appointment/success', '/portal', '/intake'];

/** Every `path` string found in the given paths modules (nested objects included). */
export function collectPatterns(...modules: unknown[]): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 4) return;
    for (const [key, v] of Object.entries(value)) {
      if (key === 'path' && typeof v === 'string' && v.startsWith('/')) found.add(v);
      else walk(v, depth + 1);
    }
  };
  for (const m of modules) walk(m, 0);
  return [...found].sort();
}

export const CLIENT_ROUTE_PATTERNS: string[] = [...new Set([...collectPatterns(paths, callPaths, handoffPaths, organizationPaths, analyticsPaths), ...PATIENT_PAGE_PATHS])].sort();

export { matchesClientRoute };
