import { defineConfig } from '@lingui/cli';

/**
 * Two catalogs per language. `boot` holds what can show before or without signing in (the login
 * page, the not-found page, the error dialog, the update banner, the shared UI parts); it loads
 * at start. `screens` holds the rest and loads before any other page. /login's JavaScript budget
 * (150 KB gzip) cannot carry every message of the portal.
 */
const BOOT = [
  'src/routes/(auth)/login.tsx',
  'src/routes/(auth)/-components/{SpidButton,CieButton}.tsx',
  'src/routes/__root.tsx',
  'src/routes/-app/{LocaleSwitch,NotFoundPage,RouteError,PageSkeleton,ApiErrorDialog,ApiErrorDialogView,UpdateBanner,GlobalLoader}.tsx',
  'src/routes/-shared/messages.ts',
  'src/ui/{Alert,Button,Dialog,Field,NewTabHint,PlainText,SafeHtml,States,SubjectLabel,TextField}.tsx',
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
      path: '<rootDir>/locales/{locale}/screens',
      include: ['src'],
      exclude: ['**/node_modules/**', '**/*.test.*', ...BOOT],
    },
  ],
  format: 'po',
  compileNamespace: 'ts',
});
