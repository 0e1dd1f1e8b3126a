import type { Messages } from '@lingui/core';

/**
 * The feature groups' catalogs (lingui.config.ts, GROUP_CATALOGS) in both languages: a file of its
 * own, loaded with the first page of a group (src/i18n/locale.ts; src/early.ts asks for it with the
 * page's files). In the boot file, their hashed names took some 400 bytes (gzip) of the sign-in
 * page's budget.
 */
const catalogs = import.meta.glob<{ messages: Messages }>(['../../locales/*/*.ts', '!../../locales/*/boot.ts', '!../../locales/*/area.ts']);

/** A group's messages in this language; none for a group without a catalog (Home's, in `area`). */
export function groupCatalog(locale: string, group: string): Promise<{ messages: Messages }> {
  return catalogs[`../../locales/${locale}/${group}.ts`]?.() ?? Promise.resolve({ messages: {} });
}

/** Every group's messages in this language, fetched (i18n/locale.ts, prefetchScreenMessages). */
export function fetchGroupCatalogs(locale: string): Promise<unknown> {
  return Promise.all(Object.entries(catalogs).flatMap(([path, load]) => (path.includes(`/${locale}/`) ? [load()] : [])));
}
