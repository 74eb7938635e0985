// ESLint (flat config): typescript-eslint's type-aware recommended rules for the api and the web app,
// react-hooks for the web. `npm run lint`; CI runs it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { moduleBoundaries } from './eslint.boundaries.mjs';

export default tseslint.config(
  {
    // Generated code: codegen's client types and MikroORM's migrations (reviewed, not hand-written).
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-bench/**', 'web/src/generated/**', 'api/src/migrations/**', 'e2e/screenshots/**', '.data/**', '**/coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Off: ports, Apollo plugin hooks and stand-ins implement promise-returning interfaces with
      // `async` bodies that need no await; `async` also turns a throw into a rejection there.
      '@typescript-eslint/require-await': 'off',
      // Unused names starting with _ are deliberate (a callback's unused argument, a discarded field).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    // Tests read untyped JSON answers (fetch, GraphQL) and pin their shape with expect(); typing each
    // answer first would repeat the assertion. Product code keeps every no-unsafe rule.
    files: ['**/*.test.{ts,tsx}', 'api/test/**', 'web/src/test/**', 'api/bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // The sound engine is a library with one public surface, api/src/audio/index.ts (and, for tests
    // and benchmarks, api/src/audio/testing): code outside the engine imports nothing deeper, so the
    // engine can be rearranged behind its surface. (typescript-eslint's rule, so that a module
    // boundary rule on the core `no-restricted-imports` does not replace this one.)
    files: ['api/**/*.ts'],
    ignores: ['api/src/audio/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{
          regex: '(^|/)audio/(?!testing$).+',
          message: 'Import the sound engine through its surface: src/audio (or src/audio/testing in tests), not a file inside it.',
        }],
      }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // CommonJS files load their dependencies with require().
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    // Merge, not replace: disableTypeChecked's own languageOptions switch the project service off.
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { ...globals.node } },
  },
  {
    // The browser tests run on Node, but the callbacks they hand to page.evaluate() run in the page.
    files: ['e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  // A module imports another only through its index.ts (see eslint.boundaries.mjs).
  ...moduleBoundaries,
);
