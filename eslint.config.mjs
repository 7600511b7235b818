// Lint for every workspace: `npm run lint` (run by `npm test`).
//
// Boundaries (scripts/eslint-boundaries.mjs): client features (client/src/features/<name>) never
// import each other and shared client code (components, lib, auth, …) never imports a feature;
// server modules (server/src/modules/<name>) reach each other only through their *.service.ts,
// *.entity.ts (MikroORM relations) and *.types.ts (GraphQL fields returning another module's object).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { boundariesPlugin } from './scripts/eslint-boundaries.mjs';

export default tseslint.config(
  {
    // Generated files (codegen output, the emitted schema, migrations) are never edited by hand.
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/.turbo/**',
      '**/coverage/**',
      'data/**',
      'bench/**',
      'client/src/gql/**',
      'server/src/db/migrations/**',
      'server/.test-data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'e2e/.data*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { tembea: boundariesPlugin },
    rules: {
      'tembea/imports': 'error',
      // Refusing control characters in user input is a rule of this product: such patterns are intended.
      'no-control-regex': 'off',
      // `_name` marks a value left unused on purpose (a destructured field dropped from a copy, an
      // Express error handler's fourth argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits loses its error (an unhandled rejection ends the
    // process), and a promise where a callback's boolean or void is expected runs unchecked.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Tests and their helpers read JSON answers of loose shape and assert on them field by field.
    files: ['**/*.test.{ts,tsx}', 'server/src/test/**', 'client/src/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
