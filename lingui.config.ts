import { defineConfig } from '@lingui/cli';

/**
 * The catalogs per language.
 * - `boot`: what can show before or without signing in (the login page, the not-found page, the
 *   error dialog, the update banner, the shared UI parts' basics); it loads at start. /login's
 *   JavaScript budget cannot carry every message of the portal.
 * - `area`: the signed-in area (layout, menus, sidebar), Home, and the layers every screen shares
 *   (ui, rules, calls, the shared route parts); it loads before any signed-in page.
 * - one per feature group (GROUP_CATALOGS): its screens' own files; it loads before a page of the
 *   group (src/i18n/locale.ts), and every group's is fetched once the first page has been drawn.
 *   In one catalog (744 messages, 12 KB brotli) every screen's first load waited for all of them.
 * The build fails when a file a cold Home loads uses a message of a group's catalog, or a group's
 * file one of another group's (vite.config.ts, `catalogMessages`): a module Home starts importing
 * from a feature group belongs in AREA, and one two groups share in a folder both list.
 */
export const BOOT = [
  'src/routes/(auth)/login.tsx',
  'src/routes/(auth)/-components/{SpidButton,SpidPanel,CieButton}.tsx',
  'src/routes/__root.tsx',
  'src/routes/-app/{LocaleSwitch,NotFoundPage,RouteError,PageSkeleton,ApiErrorDialog,ApiErrorDialogView,UpdateBanner,UpdateBannerView,GlobalLoader}.tsx',
  'src/routes/-shared/messages.ts',
  'src/routes/-app/apiErrorDialogMessages.ts',
  'src/ui/{Alert,Button,Dialog,Field,NewTabHint,PlainText,SafeHtml,States,SubjectLabel,TextField}.tsx',
];

export const AREA = [
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

/**
 * Each feature group's catalog, by name: its folders. A page's group is the folder in parentheses
 * its route file is in (`_private/(grades)/voti.tsx`: `grades`), or the first folder of its route
 * (`mobile/$pagina.tsx`: `mobile`); Home's messages are in `area`. The payments parts the shop and
 * statement pages share with the app's mobile pages are in both catalogs.
 */
export const GROUP_CATALOGS: Record<string, readonly string[]> = {
  absences: ['src/routes/_private/(absences)'],
  grades: ['src/routes/_private/(grades)'],
  lessons: ['src/routes/_private/(lessons)'],
  meals: ['src/routes/_private/(meals)'],
  meetings: ['src/routes/_private/(meetings)'],
  messages: ['src/routes/_private/(messages)'],
  notes: ['src/routes/_private/(notes)', 'src/routes/(notes)'],
  payments: ['src/routes/_private/(payments)', 'src/routes/-features/payments'],
  mobile: ['src/routes/mobile', 'src/routes/-features/payments'],
  preferences: ['src/routes/_private/(preferences)'],
  school: ['src/routes/_private/(school)'],
  whatsNew: ['src/routes/_private/(whatsNew)'],
};

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
    ...Object.entries(GROUP_CATALOGS).map(([name, include]) => ({
      path: `<rootDir>/locales/{locale}/${name}`,
      include: [...include],
      exclude: ['**/*.test.*'],
    })),
  ],
  format: 'po',
  compileNamespace: 'ts',
});
