import { i18n, type Messages } from '@lingui/core';
import { messages as italianBoot } from '../../locales/it/boot';

export const LOCALES = { it: 'Italiano', en: 'English' } as const;
export type Locale = keyof typeof LOCALES;
export const LOCALE_STORAGE_KEY = 'portale-famiglie.locale';

type Catalog = () => Promise<{ messages: Messages }>;

/**
 * See lingui.config.ts: `boot` at start, `screens` before any page other than /login. The Italian
 * boot messages (the default language, 1.3 KB) come inside the boot file: fetched after it, they
 * were one more step before the sign-in page could paint (README "Budgets").
 */
const catalogs: Record<Locale, { boot: Catalog; screens: Catalog }> = {
  it: { boot: async () => ({ messages: italianBoot }), screens: () => import('../../locales/it/screens') },
  en: { boot: () => import('../../locales/en/boot'), screens: () => import('../../locales/en/screens') },
};

let screensNeeded = false;
const screensLoaded = new Set<Locale>();

const isLocale = (v: unknown): v is Locale => typeof v === 'string' && v in LOCALES;

/** Italian unless the user chose English before (docs/product.md#accessibility-and-locale: locale it, fallback en). */
export function initialLocale(): Locale {
  const saved = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
  return isLocale(saved) ? saved : 'it';
}

export async function activateLocale(locale: Locale) {
  const parts = await Promise.all([catalogs[locale].boot(), screensNeeded ? catalogs[locale].screens() : null]);
  if (parts[1]) screensLoaded.add(locale);
  i18n.loadAndActivate({ locale, messages: Object.assign({}, ...parts.map((p) => p?.messages)) });
  document.documentElement.lang = locale;
  globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
}

/** The messages of every screen after sign-in, in the active language (loaded once per language). */
export async function loadScreenMessages() {
  screensNeeded = true;
  const locale = isLocale(i18n.locale) ? i18n.locale : 'it';
  if (screensLoaded.has(locale)) return;
  const { messages } = await catalogs[locale].screens();
  i18n.load(locale, messages);
  screensLoaded.add(locale);
}
