import { defineConfig } from '@lingui/cli';

/**
 * Three catalogs per language.
 * - `boot`: what can show before or without signing in (the login page, the not-found page, the
 *   error dialog, the update banner, the shared UI parts' basics); it loads at start. /login's
 *   JavaScript budget cannot carry every message of the portal.
 * - `area`: the signed-in area (layout, menus, sidebar), Home, and the layers every screen shares
 *   (ui, rules, calls, the shared route parts); it loads before any signed-in page.
 * - `screens`: the other screens' (each feature group's own files, the mobile and report card
 *   pages); it loads before any page but Home (src/i18n/locale.ts), and once Home has been drawn.
 * The build fails when a file a cold Home loads uses a message of `screens` (vite.config.ts,
 * `areaMessages`): a module Home starts importing from a feature group belongs in AREA.
 */
const BOOT = [
  'src/routes/(auth)/login.tsx',
  'src/routes/(auth)/-components/{SpidButton,SpidPanel,CieButton}.tsx',
  'src/routes/__root.tsx',
  'src/routes/-app/{LocaleSwitch,NotFoundPage,RouteError,PageSkeleton,ApiErrorDialog,ApiErrorDialogView,UpdateBanner,UpdateBannerView,GlobalLoader}.tsx',
  'src/routes/-shared/messages.ts',
  'src/routes/-app/apiErrorDialogMessages.ts',
  'src/ui/{Alert,Button,Dialog,Field,NewTabHint,PlainText,SafeHtml,States,SubjectLabel,TextField}.tsx',
];

const AREA = [
  'src/routes/_private.tsx',
  'src/routes/_private/(home)',
  'src/routes/-app',
  'src/routes/-shared',
  'src/ui',
  'src/i18n',
  'src/domain',
  'src/api',
  'src/machines',
];

export default defineConfig({
  sourceLocale: 'it',
  locales: ['it', 'en'],
  fallbackLocales: { default: 'it' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/boot',
      include: BOOT,
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/locales/{locale}/area',
      include: AREA,
      exclude: ['**/*.test.*', ...BOOT],
    },
    {
      path: '<rootDir>/locales/{locale}/screens',
      include: ['src'],
      exclude: ['**/node_modules/**', '**/*.test.*', ...BOOT, ...AREA.map((path) => (path.endsWith('.tsx') ? path : `${path}/**`))],
    },
  ],
  format: 'po',
  compileNamespace: 'ts',
});
