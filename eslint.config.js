import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

/**
 * The app's layers point one way (docs/ARCHITECTURE.md): routes → machines/api → domain, ui below
 * routes. Each zone names what a folder may not import; `import-x/no-restricted-paths` checks the
 * resolved file, so a relative path cannot slip past it.
 */
const layers = [
  { target: 'src/domain', forbidden: ['src/api', 'src/machines', 'src/routes', 'src/ui', 'src/i18n', 'src/*.{ts,tsx}'], message: 'domain/ holds pure rules: it imports nothing of the app.' },
  { target: 'src/i18n', forbidden: ['src/api', 'src/machines', 'src/routes', 'src/ui', 'src/*.{ts,tsx}'], message: 'i18n/ imports only domain/.' },
  { target: 'src/api', forbidden: ['src/machines', 'src/routes', 'src/ui', 'src/i18n', 'src/*.{ts,tsx}'], message: 'api/ imports only domain/.' },
  { target: 'src/machines', forbidden: ['src/routes', 'src/ui', 'src/i18n', 'src/*.{ts,tsx}'], message: 'machines/ import api/ and domain/ only: never routes or the runtime.' },
  { target: 'src/ui', forbidden: ['src/api', 'src/machines', 'src/routes', 'src/*.{ts,tsx}'], message: 'ui/ imports only domain/ and i18n/.' },
];

/**
 * Feature groups: `src/routes/(group)/` and `src/routes/_private/(group)/`. A group's code never
 * imports another group's files; the app chrome (`-app/`) and the route helpers (`-shared/`) import
 * no group. What two groups need moves down to `-shared/`, `ui/` or `domain/`.
 */
const groupsIn = (dir) => readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && /^\(.+\)$/.test(d.name))
  .map((d) => d.name);
export const FEATURE_GROUPS = [...new Set([...groupsIn('./src/routes/'), ...groupsIn('./src/routes/_private/')])];
const groupFiles = (group) => [`src/routes/${group}/**`, `src/routes/_private/${group}/**`];

const zones = [
  ...layers.flatMap(({ target, forbidden, message }) => forbidden.map((from) => ({ target: `${target}/**`, from, message }))),
  ...FEATURE_GROUPS.flatMap((group) =>
    FEATURE_GROUPS.filter((other) => other !== group).flatMap((other) =>
      groupFiles(group).flatMap((target) =>
        groupFiles(other).map((from) => ({ target, from, message: `A feature group never imports another group's files: move what ${group} and ${other} share to routes/-shared, ui/ or domain/.` })),
      ),
    ),
  ),
  ...['src/routes/-app/**', 'src/routes/-shared/**'].flatMap((target) =>
    FEATURE_GROUPS.flatMap((group) => groupFiles(group).map((from) => ({ target, from, message: 'The app chrome and the route helpers import no feature group.' }))),
  ),
  { target: 'src/routes/-shared/**', from: 'src/routes/-app/**', message: 'Route helpers sit below the app chrome.' },
];

/** Dates use the browser's own Temporal where it has one: domain/temporal.ts loads the polyfill only elsewhere. */
const TEMPORAL_POLYFILL = {
  name: 'temporal-polyfill',
  allowTypeImports: true,
  message: "Import Temporal from src/domain/temporal.ts: it is the browser's own where there is one, and the polyfill only elsewhere.",
};

export default tseslint.config(
  { ignores: ['dist', 'dist-*', '.e2e-data', 'node_modules', 'src/routeTree.gen.ts', 'src/api/schema.d.ts', 'server/shared/openapi.d.ts', 'locales/**/*.ts', 'data', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.css'] })],
      // no-cycle follows imports through files it parses itself: TypeScript ones included.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [TEMPORAL_POLYFILL], patterns: [{ group: ['**/server/**'], message: 'The app meets the server only through the contract.' }] }],
      'import-x/no-restricted-paths': ['error', { zones }],
      // Type-only imports count too: a circle of types still ties the modules' design together.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The screens and machines speak the domain's records: the contract's raw types stay in api/.
    files: ['src/routes/**/*.{ts,tsx}', 'src/machines/**/*.ts', 'src/ui/**/*.{ts,tsx}', 'src/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [TEMPORAL_POLYFILL],
        patterns: [
          { group: ['**/server/**'], message: 'The app meets the server only through the contract.' },
          { group: ['**/api/schema'], message: "The contract's raw types stay in api/: read answers through the boundary into domain records." },
          { group: ['**/api/client'], importNames: ['Schemas'], message: "The contract's raw types stay in api/: read answers through the boundary into domain records." },
        ],
      }],
    },
  },
  {
    // Machines hold only the domain's failure (ActionFailure): the API's error type and failureOf
    // stay in api/, and machines/mutationActor.ts is the one bridge (its actors reject with it).
    files: ['src/machines/**/*.ts'],
    ignores: ['src/machines/mutationActor.ts', 'src/machines/mutationActor.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [TEMPORAL_POLYFILL],
        patterns: [
          { group: ['**/server/**'], message: 'The app meets the server only through the contract.' },
          { group: ['**/api/schema'], message: "The contract's raw types stay in api/: read answers through the boundary into domain records." },
          { group: ['**/api/client', '**/api/failure'], message: "Machines hold only the domain's failure: read ActionFailure (domain/failure.ts); build actors with machines/mutationActor.ts." },
        ],
      }],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [TEMPORAL_POLYFILL], patterns: [{ group: ['react', 'react-*', '@tanstack/*', 'openapi-fetch', 'xstate', '@xstate/*'], message: 'domain/ holds pure rules only.' }] }],
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
