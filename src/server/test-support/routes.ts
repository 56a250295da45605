import type { TestApp } from './test-app.js';

export interface RegisteredRoute {
  method: string;
  url: string;
}

/**
 * Every route the app registered (HEAD twins of GET routes left out), read from Fastify's route
 * tree. Each line of `printRoutes({ commonPrefix: false })` is `<tree>├── <segment> (<METHODS>)`
 * with four columns of tree per level; a segment continues its parent's path, and a line
 * without methods is only a shared prefix.
 */
export function registeredRoutes(app: TestApp): RegisteredRoute[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of tree.split('\n')) {
    const at = line.indexOf('── ');
    if (at < 0) continue;
    const depth = (at - 1) / 4;
    if (!Number.isInteger(depth) || depth < 0) throw new Error(`Unexpected route tree line: ${line}`);
    const rest = line.slice(at + 3);
    const m = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(rest);
    if (!m) continue;
    const path = (depth > 0 ? stack[depth - 1]! : '') + m[1]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (m[2] ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
      if (method === 'HEAD' && (m[2] ?? '').includes('GET')) continue;
      routes.push({ method, url: path });
    }
  }
  // The tree reading must agree with Fastify's own lookup, or the caller would trust a wrong list.
  for (const r of routes) {
    if (!app.hasRoute({ method: r.method as 'GET', url: r.url })) throw new Error(`Route tree misread: ${r.method} ${r.url} is not registered`);
  }
  return routes;
}

export const routeKey = (r: RegisteredRoute) => `${r.method} ${r.url}`;
