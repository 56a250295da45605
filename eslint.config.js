// @ts-check
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
);
