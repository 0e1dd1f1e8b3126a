import { i18n, type Messages } from '@lingui/core';
import { messages as italianBoot } from '../../locales/it/boot';

export const LOCALES = { it: 'Italiano', en: 'English' } as const;
export type Locale = keyof typeof LOCALES;
export const LOCALE_STORAGE_KEY = 'portale-famiglie.locale';

type Catalog = () => Promise<{ messages: Messages }>;
type Part = 'boot' | 'area' | 'screens';

/**
 * See lingui.config.ts: `boot` at start, `area` before any page other than /login, `screens` before
 * any page other than /login and those whose messages are all in `area` (AREA_PAGES). The Italian
 * boot messages (the default language, 1.7 KB) come inside the boot file: fetched after it, they
 * were one more step before the sign-in page could paint (README "Budgets").
 */
const catalogs: Record<Locale, Record<Part, Catalog>> = {
  it: { boot: async () => ({ messages: italianBoot }), area: () => import('../../locales/it/area'), screens: () => import('../../locales/it/screens') },
  en: { boot: () => import('../../locales/en/boot'), area: () => import('../../locales/en/area'), screens: () => import('../../locales/en/screens') },
};

/**
 * Pages whose every message is in the `area` catalog (the build checks it: vite.config.ts,
 * `areaMessages`): a cold load of Home does not wait for the other screens' messages.
 */
export const AREA_PAGES: readonly string[] = ['/home'];

/** The catalogs the pages shown so far have needed, and those loaded, per language. */
const needed = new Set<Part>(['boot']);
const loaded: Record<Locale, Set<Part>> = { it: new Set(), en: new Set() };

const isLocale = (v: unknown): v is Locale => typeof v === 'string' && v in LOCALES;

/** Italian unless the user chose English before (docs/product.md#accessibility-and-locale: locale it, fallback en). */
export function initialLocale(): Locale {
  const saved = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
  return isLocale(saved) ? saved : 'it';
}

export async function activateLocale(locale: Locale) {
  const parts = [...needed];
  const messages = await Promise.all(parts.map((part) => catalogs[locale][part]()));
  for (const part of parts) loaded[locale].add(part);
  i18n.loadAndActivate({ locale, messages: Object.assign({}, ...messages.map((m) => m.messages)) });
  document.documentElement.lang = locale;
  globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
}

/** Loads these catalogs in the active language, once per language, and keeps them for a change of language. */
async function loadParts(parts: Part[]) {
  for (const part of parts) needed.add(part);
  const locale = isLocale(i18n.locale) ? i18n.locale : 'it';
  const missing = parts.filter((part) => !loaded[locale].has(part));
  if (!missing.length) return;
  const messages = await Promise.all(missing.map((part) => catalogs[locale][part]()));
  // One load: each one redraws every text on the page.
  i18n.load(locale, Object.assign({}, ...messages.map((m) => m.messages)));
  for (const part of missing) loaded[locale].add(part);
}

/** The messages the page at `pathname` needs beyond the boot ones: the area's, and the other screens' unless it is one of AREA_PAGES. */
export function loadPageMessages(pathname: string): Promise<void> {
  return loadParts(AREA_PAGES.includes(pathname) ? ['area'] : ['area', 'screens']);
}

/**
 * Fetches the other screens' messages in the active language without adding them, once a page
 * that did not need them has been drawn: the next page's `loadPageMessages` then finds them at
 * once. Adding them now would redraw every text of the page shown, for nothing it shows.
 */
export function prefetchScreenMessages(): Promise<unknown> {
  return catalogs[isLocale(i18n.locale) ? i18n.locale : 'it'].screens();
}
