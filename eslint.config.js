// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Flat config: ESLint's and typescript-eslint's recommended rules (syntax-only, not the
 * type-checked set, so `npx eslint .` stays fast; `tsc --noEmit` does the type checking),
 * plus the rules of hooks for the web app.
 */

/**
 * Boundaries by structure (STYLE.md rule 5; docs/ARCHITECTURE.md "Layers"): contracts and domain
 * ← server infrastructure (db, http, lib, config, auth, jobs' enqueue, policy) ← features ←
 * agent and telephony ← the app (app.ts, routes.ts, main.ts, worker, seed). A server feature is
 * used by everything outside it only through its public entry, `features/<f>/index.ts` (types
 * too); inside a feature, files import each other, never their own index. A web feature
 * (`src/web/features/<f>/`) imports no other web feature: shared pieces live in `web/lib` or
 * `web/components`, and routes compose features. Tests and test support may reach inside.
 * `npm run lint:cycles` refuses import cycles between files and between feature folders
 * (scripts/check-cycles.mjs).
 */
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/*.test-*.ts', 'src/server/test-support/**', '**/testing/**'];
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const layer = (message, regex) => ({ regex, message, allowTypeImports: true });
const APP = layer('The app layer (app.ts, routes.ts, main.ts, bootstrap, worker, seed) is imported by nothing.', String.raw`^(\.\./)+(app|routes|main|bootstrap|worker)\.js$|/seed/`);
const CALLS = layer('Features do not import the agent or telephony: they sit above features.', String.raw`(^|/)(agent|telephony)/`);
const FEATURES = layer('Infrastructure (db, http, lib, config, auth, jobs, policy) does not import features.', String.raw`(^|/)features/`);
/** Another feature's file (`prefix` reaches the features folder) that is not its public entry; types included. */
const publicEntry = (prefix) => ({
  regex: String.raw`^${prefix}[a-z-]+/(?!index\.js$)`,
  message: 'Another feature is used through its public entry, features/<f>/index.ts: export what you need from there.',
});
/** A feature file importing its own index (`up` climbs to the feature's folder): import the file itself. */
const ownIndex = (up) => ({ regex: String.raw`^${up}index\.js$`, message: 'Inside a feature, import the file itself: index.ts is the door for everyone else.' });
const serverBoundaries = [
  {
    files: ['src/domain/**'],
    rules: restrict(layer('The domain is pure rules: no server, web or contract code.', String.raw`(^|/)(server|web|contracts)/|^@(web|contracts)/|^(pg|drizzle-orm|fastify|react)(/|$)`)),
  },
  {
    files: ['src/contracts/**'],
    rules: restrict(layer('Contracts are zod schemas only, imported by both sides: no server or web code.', String.raw`(^|/)(server|web)/|^@web/|^(pg|drizzle-orm|fastify|react)(/|$)`)),
  },
  {
    files: ['src/server/{db,http,lib,config,auth,jobs,policy}/**', 'src/server/app-context.ts', 'src/server/app-root.ts'],
    ignores: TESTS,
    rules: restrict(FEATURES, CALLS, APP, publicEntry(String.raw`(\./|(\.\./)+)features/`)),
  },
  { files: ['src/server/features/*/*.ts'], ignores: TESTS, rules: restrict(CALLS, APP, publicEntry(String.raw`\.\./`), ownIndex(String.raw`\./`)) },
  { files: ['src/server/features/*/*/*.ts'], ignores: TESTS, rules: restrict(CALLS, APP, publicEntry(String.raw`\.\./\.\./`), ownIndex(String.raw`\.\./`)) },
  {
    files: ['src/server/agent/**'],
    ignores: TESTS,
    rules: restrict(APP, layer('The agent does not know the telephony adapters that drive it.', String.raw`(^|/)telephony/`), publicEntry(String.raw`(\.\./)+features/`)),
  },
  { files: ['src/server/telephony/**'], ignores: TESTS, rules: restrict(APP, publicEntry(String.raw`(\.\./)+features/`)) },
  // The app layer wires features in through the same door.
  { files: ['src/server/*.ts', 'src/server/seed/**'], ignores: [...TESTS, 'src/server/app-context.ts', 'src/server/app-root.ts'], rules: restrict(publicEntry(String.raw`(\./|(\.\./)+)features/`)) },
];

const WEB_ROUTES = layer('Routes use features; features and shared components never import routes or the app shell.', String.raw`^@web/(routes|app)/|(^|/)(routes|app)/`);
const WEB_SERVER = layer('The web app talks to the server over HTTP: import contracts, never server code.', String.raw`(^|/)server/`);
/** Every web feature folder with the depth of its deepest folder: the blocks below are derived from them, not listed. */
function webFeatures() {
  const root = fileURLToPath(new URL('./src/web/features/', import.meta.url));
  const folders = (dir) => fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => path.join(dir, e.name));
  const depth = (dir) => 1 + Math.max(0, ...folders(dir).map(depth));
  return folders(root).map((dir) => ({ name: path.basename(dir), depth: depth(dir) }));
}
/**
 * A web feature imports no other feature, types included: what two features share lives in
 * web/lib or web/components, and a route composes features. One block per feature and folder
 * depth, because a relative import that climbs out of the feature (`../` once per level) is
 * refused as well as `@web/features/<another>/…`.
 */
const webBoundaries = [
  ...webFeatures().flatMap(({ name, depth }) =>
    Array.from({ length: depth }, (_, level) => ({
      files: [`src/web/features/${name}/${'*/'.repeat(level)}*.{ts,tsx}`],
      ignores: TESTS,
      rules: restrict(
        WEB_ROUTES,
        WEB_SERVER,
        { regex: String.raw`^@web/features/(?!${name}/)`, message: 'A web feature imports no other feature: move what both need to web/lib or web/components, or compose them in a route.' },
        { regex: String.raw`^(\.\./){${level + 1}}`, message: 'A relative import stays inside its feature: reach web/lib, web/components and contracts by their aliases (@web/…, @contracts/…).' },
      ),
    })),
  ),
  {
    files: ['src/web/components/**', 'src/web/lib/**'],
    ignores: TESTS,
    rules: restrict(WEB_ROUTES, WEB_SERVER, { regex: String.raw`^@web/features/|(^|/)features/`, message: 'web/lib and web/components sit below the features: they import none.' }),
  },
  {
    files: ['src/web/**'],
    ignores: ['src/web/features/**', 'src/web/components/**', 'src/web/lib/**', ...TESTS],
    rules: restrict(WEB_SERVER),
  },
];

export default defineConfig(
  // `.tmp*` covers the scratch folder and scratch files (both gitignored or never committed).
  { ignores: ['dist/**', '.tmp/**', '.tmp*', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'coverage/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: reactHooks.configs.flat.recommended.plugins,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Only informs that the React Compiler would skip a component (TanStack Table,
      // react-hook-form's watch); we do not run the compiler.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    // Playwright fixtures that use no other fixture are written `async ({}, use) => …`.
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // Scripts, tests, benchmarks and the command-line tools speak to the terminal.
    files: ['scripts/**', 'bench/**', 'e2e/**', '**/*.test.ts', '**/*.test.tsx', 'src/server/telephony/simulator-cli.ts'],
    rules: { 'no-console': 'off' },
  },
  ...serverBoundaries,
  ...webBoundaries,
);
