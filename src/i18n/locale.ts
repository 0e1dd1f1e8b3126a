import { i18n, type Messages } from '@lingui/core';

export const LOCALES = { it: 'Italiano', en: 'English' } as const;
export type Locale = keyof typeof LOCALES;
const STORAGE_KEY = 'portale-famiglie.locale';

const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  it: () => import('../../locales/it/messages'),
  en: () => import('../../locales/en/messages'),
};

const isLocale = (v: unknown): v is Locale => typeof v === 'string' && v in LOCALES;

/** Italian unless the user chose English before (spec §9: locale it, fallback en). */
export function initialLocale(): Locale {
  const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
  return isLocale(saved) ? saved : 'it';
}

export async function activateLocale(locale: Locale) {
  const { messages } = await catalogs[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
  globalThis.localStorage?.setItem(STORAGE_KEY, locale);
}
