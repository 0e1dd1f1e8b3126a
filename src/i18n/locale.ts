import { i18n, type Messages } from '@lingui/core';
import { messages as italianBoot } from '../../locales/it/boot';

export const LOCALES = { it: 'Italiano', en: 'English' } as const;
export type Locale = keyof typeof LOCALES;
export const LOCALE_STORAGE_KEY = 'portale-famiglie.locale';

type Catalog = () => Promise<{ messages: Messages }>;

/**
 * See lingui.config.ts: `boot` at start, `area` before any page other than /login, a feature
 * group's before a page of the group. The Italian boot messages (the default language, 1.7 KB)
 * come inside the boot file: fetched after it, they were one more step before the sign-in page
 * could paint (README "Budgets"). The others are files of their own, each loaded when needed; the
 * groups' names are in a file of their own too (i18n/groupCatalogs.ts).
 */
const catalogs: Record<Locale, Record<'boot' | 'area', Catalog>> = {
  it: { boot: async () => ({ messages: italianBoot }), area: () => import('../../locales/it/area') },
  en: { boot: () => import('../../locales/en/boot'), area: () => import('../../locales/en/area') },
};
const groups = () => import('./groupCatalogs');

/** A catalog by name: `boot`, `area` or a feature group's. */
async function catalog(locale: Locale, part: string): Promise<{ messages: Messages }> {
  return part === 'boot' || part === 'area' ? catalogs[locale][part]() : (await groups()).groupCatalog(locale, part);
}

/**
 * The feature group of the page of this route, if its messages are not all in `area`: the folder in
 * parentheses of its route (`/_private/(grades)/voti`: `grades`), or its first folder
 * (`/mobile/$pagina`: `mobile`). None for Home (its folder is in AREA, lingui.config.ts) or a layout
 * (`/_private`): asking for a group there would fetch the groups' list before the page, for nothing.
 */
export function pageGroup(routeId: string): string | undefined {
  const group = /\/\((\w+)\)\//.exec(routeId)?.[1] ?? routeId.split('/')[1];
  return group && group !== 'home' && !group.startsWith('_') ? group : undefined;
}

/** The catalogs the pages shown so far have needed, and those loaded, per language. */
const needed = new Set<string>(['boot']);
const loaded: Record<Locale, Set<string>> = { it: new Set(), en: new Set() };

const isLocale = (v: unknown): v is Locale => typeof v === 'string' && v in LOCALES;

/** Italian unless the user chose English before (docs/product.md#accessibility-and-locale: locale it, fallback en). */
export function initialLocale(): Locale {
  const saved = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
  return isLocale(saved) ? saved : 'it';
}

export async function activateLocale(locale: Locale) {
  const parts = [...needed];
  const messages = await Promise.all(parts.map((part) => catalog(locale, part)));
  for (const part of parts) loaded[locale].add(part);
  i18n.loadAndActivate({ locale, messages: Object.assign({}, ...messages.map((m) => m.messages)) });
  document.documentElement.lang = locale;
  globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
}

/** Loads these catalogs in the active language, once per language, and keeps them for a change of language. */
async function loadParts(parts: string[]) {
  for (const part of parts) needed.add(part);
  const locale = isLocale(i18n.locale) ? i18n.locale : 'it';
  const missing = parts.filter((part) => !loaded[locale].has(part));
  if (!missing.length) return;
  const messages = await Promise.all(missing.map((part) => catalog(locale, part)));
  // One load: each one redraws every text on the page.
  i18n.load(locale, Object.assign({}, ...messages.map((m) => m.messages)));
  for (const part of missing) loaded[locale].add(part);
}

/** The messages the page of this route needs beyond the boot ones: the area's, and its feature group's (pageGroup). */
export function loadPageMessages(routeId: string): Promise<void> {
  const group = pageGroup(routeId);
  return loadParts(group ? ['area', group] : ['area']);
}

/**
 * Fetches every feature group's messages in the active language without adding them, once the first
 * page has been drawn: the next page's `loadPageMessages` then finds its group's at once. Adding
 * them now would redraw every text of the page shown, for nothing it shows.
 */
export async function prefetchScreenMessages(): Promise<unknown> {
  return (await groups()).fetchGroupCatalogs(isLocale(i18n.locale) ? i18n.locale : 'it');
}
