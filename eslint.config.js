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

/**
 * Features that two route trees share (the signed-in pages and the mobile app's pages) live in
 * `src/routes/-features/<feature>/`: only the groups and trees that own one import it, and it
 * imports no group, tree or app chrome. `-shared/` keeps only what several features use.
 */
export const SHARED_FEATURES = {
  payments: { groups: ['(payments)'], trees: ['src/routes/mobile'] },
};
const featuresOnDisk = readdirSync(new URL('./src/routes/-features/', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
for (const name of featuresOnDisk) {
  if (!SHARED_FEATURES[name]) throw new Error(`src/routes/-features/${name}/ has no owners in SHARED_FEATURES (eslint.config.js)`);
}
const ROUTE_TREES = ['src/routes/mobile'];
const featureZones = Object.entries(SHARED_FEATURES).flatMap(([feature, owners]) => {
  const from = `src/routes/-features/${feature}/**`;
  const outsiders = [
    ...FEATURE_GROUPS.filter((g) => !owners.groups.includes(g)).flatMap(groupFiles),
    ...ROUTE_TREES.filter((t) => !owners.trees.includes(t)).map((t) => `${t}/**`),
    ...Object.keys(SHARED_FEATURES).filter((f) => f !== feature).map((f) => `src/routes/-features/${f}/**`),
    'src/routes/-app/**',
    'src/routes/-shared/**',
    'src/routes/*.{ts,tsx}',
  ];
  const routeCode = [...FEATURE_GROUPS.flatMap(groupFiles), ...ROUTE_TREES.map((t) => `${t}/**`), 'src/routes/-app/**', 'src/routes/*.{ts,tsx}'];
  return [
    ...outsiders.map((target) => ({ target, from, message: `routes/-features/${feature} is imported only by the groups and trees that own it (${[...owners.groups, ...owners.trees].join(', ')}): move what others need to routes/-shared, ui/ or domain/.` })),
    ...routeCode.map((f) => ({ target: from, from: f, message: 'A shared feature imports no group, route tree or app chrome: only -shared/, ui/ and the layers below.' })),
  ];
});

const zones = [
  ...featureZones,
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

/**
 * The reference server's imports point one way (server/README.md): each area (`server/areas/<area>/`)
 * imports the shared code (`shared/`, `repositories/`, `db/database.ts`, `areas/area.ts`, `context.ts`,
 * `security.ts`, `paths.ts`), never another area, the core's handlers or demo data, `bootstrap/`,
 * the list of areas or the app; the shared code and the core's handlers import no area, and only
 * the entry points (app, main, reset, the test helpers, command-line tools) know `bootstrap/` and
 * the list of areas.
 */
const SERVER_AREAS = readdirSync(new URL('./server/areas/', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const SERVER_ENTRY_POINTS = ['server/app.ts', 'server/main.ts', 'server/serve.ts', 'server/reset.ts', 'server/testing.ts', 'server/contractTesting.ts'];
const serverZones = [
  ...SERVER_AREAS.flatMap((area) =>
    SERVER_AREAS.filter((other) => other !== area).map((other) => ({
      target: `server/areas/${area}/**`,
      from: `server/areas/${other}/**`,
      message: `A server area never imports another area: move what ${area} and ${other} share to server/shared/.`,
    })),
  ),
  ...['server/handlers/**', 'server/db/seed.ts'].map((from) => ({
    target: 'server/areas/**',
    from,
    message: "An area imports the shared code, not the core's handlers or demo data: move what both use to server/shared/.",
  })),
  ...['server/shared/**', 'server/repositories/**', 'server/db/**', 'server/handlers/**', 'server/context.ts', 'server/security.ts', 'server/areas/area.ts'].map((target) => ({
    target,
    from: 'server/areas/*/**',
    message: 'The shared code and the core import no area: only the entry points know the areas.',
  })),
  ...['server/shared/**', 'server/repositories/**', 'server/db/database.ts', 'server/context.ts', 'server/security.ts'].map((target) => ({
    target,
    from: 'server/handlers/**',
    message: "The shared code imports none of the core's handlers.",
  })),
  ...['server/bootstrap/**', 'server/areas/index.ts', ...SERVER_ENTRY_POINTS].map((from) => ({
    target: ['server/areas/**', 'server/shared/**', 'server/repositories/**', 'server/db/**', 'server/handlers/**', 'server/context.ts', 'server/security.ts', 'server/paths.ts'],
    from,
    message: 'bootstrap/, the list of areas and the app are for the entry points: import the module you need.',
  })),
];

/** Dates use the browser's own Temporal where it has one: domain/temporal.ts loads the polyfill only elsewhere. */
const TEMPORAL_POLYFILL = {
  name: 'temporal-polyfill',
  allowTypeImports: true,
  message: "Import Temporal from src/domain/temporal.ts: it is the browser's own where there is one, and the polyfill only elsewhere.",
};

/** What no code above api/ imports: the server, and the contract's raw types. */
const ABOVE_API_PATTERNS = [
  { group: ['**/server/**'], message: 'The app meets the server only through the contract.' },
  { group: ['**/api/schema'], message: "The contract's raw types stay in api/: read answers through the boundary into domain records." },
];

export default tseslint.config(
  { ignores: ['dist', 'dist-*', '.e2e-data', 'node_modules', 'src/routeTree.gen.ts', 'src/api/schema.d.ts', 'server/shared/openapi.d.ts', 'locales/**/*.ts', 'data', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Loaded by the generated service worker (importScripts): a classic worker script.
    files: ['public/push-sw.js'],
    languageOptions: { globals: globals.serviceworker, sourceType: 'script' },
  },
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
          ...ABOVE_API_PATTERNS,
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
          ...ABOVE_API_PATTERNS,
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
    // The floors (bench/floor/): tiny apps the benchmark builds beside the portal. They stand for the
    // least the stack costs, so they take nothing of the portal's code.
    files: ['bench/floor/**/*.{ts,tsx}'],
    ignores: ['bench/floor/vite.config.ts'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**', '**/server/**'], message: "A floor is built from the stack's packages alone, never from the portal's code." }] }],
    },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'tests/**/*.ts', '*.config.{ts,js}', 'bench/floor/vite.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/src/**'], message: 'The server never imports from src/.' },
        { group: ['**/tests/**'], message: "The server never imports from tests/: the browser tests' hooks (tests/server-hooks) add themselves through buildApp's extend." },
      ] }],
      // Type-only imports count too: a circle of types is still a circle to read and to move.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Tests and command-line tools are entry points: they may reach any module.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/areas/mobile/issue-code.ts', 'server/areas/preferenze/demo-event.ts', ...SERVER_ENTRY_POINTS],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
    },
  },
  { rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }] } },
);
