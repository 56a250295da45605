#!/usr/bin/env node
/**
 * `npm run lint:cycles`, the "import cycles" stage of `npm test`. Refuses two kinds of cycle
 * (docs/ARCHITECTURE.md "Layers", decision 049):
 *
 * 1. between files: a module that imports itself through others (type-only imports aside: they
 *    vanish at run time);
 * 2. between feature folders (`src/server/features/<f>/`, `src/web/features/<f>/`): feature A
 *    imports B and B imports A, directly or round a longer loop — types included. Two features
 *    that import each other are one feature, or share a piece that belongs lower down (STYLE.md
 *    rule 14). Tests and test support may reach inside a feature, so their imports do not count.
 *
 * Both read the import graph dpdm builds (with tsconfig.json's path aliases), so the folders are
 * derived from the files, never listed.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree, prettyCircular } from 'dpdm';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRIES = ['src/**/*.ts', 'src/**/*.tsx'];
const TEST = /\.test\.tsx?$|\.test-[^/]*\.ts$|^src\/server\/test-support\/|\/testing\//;
const FEATURE = /^src\/(server|web)\/features\/([^/]+)\//;

const parse = (transform) => parseDependencyTree(ENTRIES, { cwd: root, context: root, extensions: ['.ts', '.tsx'], tsconfig: path.join(root, 'tsconfig.json'), transform });

/** The graph of feature folders: an edge for every import from a non-test file of one feature into another. */
function featureGraph(tree) {
  const featureOf = (file) => {
    const m = FEATURE.exec(file);
    return m ? `${m[1]}/features/${m[2]}` : null;
  };
  const edges = new Map();
  for (const [file, deps] of Object.entries(tree)) {
    const from = featureOf(file);
    if (!from || !deps || TEST.test(file)) continue;
    const targets = edges.get(from) ?? edges.set(from, new Map()).get(from);
    for (const dep of deps) {
      const to = dep.id && featureOf(dep.id);
      if (to && to !== from && !targets.has(to)) targets.set(to, { ...dep, issuer: from, request: to, id: to });
    }
  }
  const graph = {};
  for (const [from, targets] of edges) {
    graph[from] = [...targets.values()];
    for (const to of targets.keys()) graph[to] ??= [];
  }
  return graph;
}

const [runtime, withTypes] = await Promise.all([parse(true), parse(false)]);
const fileCycles = parseCircular(runtime);
const folderCycles = parseCircular(featureGraph(withTypes));
const report = (title, cycles) => {
  if (!cycles.length) return console.log(`✔ ${title}: none`);
  console.log(`✘ ${title}: ${cycles.length}`);
  console.log(prettyCircular(cycles, '  '));
};
report('import cycles between files', fileCycles);
report('import cycles between feature folders', folderCycles);
process.exitCode = fileCycles.length || folderCycles.length ? 1 : 0;
