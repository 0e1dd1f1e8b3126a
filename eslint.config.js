import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'dist-*', '.e2e-data', 'node_modules', 'src/routeTree.gen.ts', 'src/api/schema.d.ts', 'server/shared/openapi.d.ts', 'locales/**/*.ts', 'data', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'The app meets the server only through the contract.' }] }],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-*', '@tanstack/*', '**/api/**', 'openapi-fetch'], message: 'domain/ holds pure rules only.' }] }],
    },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'tests/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**'], message: 'The server never imports from src/.' }] }],
    },
  },
  {
    // Imports point one way: only the entry points (app, main, reset, tests, command-line tools)
    // know the list of areas and the database bootstrap that runs every area's schema and seed.
    files: ['server/{areas,shared,db,repositories,handlers}/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/areas/mobile/issue-code.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/src/**'], message: 'The server never imports from src/.' },
          { regex: '(^|/)bootstrap(/|$)', message: 'bootstrap/ imports every area: only entry points import it.' },
          { regex: '^(\\.\\./)+areas(/index)?$', message: 'The list of areas is for the entry points; import the area module you need.' },
        ],
      }],
    },
  },
  { rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }] } },
);
