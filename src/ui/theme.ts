import { useSyncExternalStore } from 'react';

/**
 * Light or dark (ui/tokens.css). `auto` follows the device (`prefers-color-scheme`); `light` and
 * `dark` override it, kept per device in localStorage (a preference, nothing private). The choice is
 * a `data-theme` attribute on <html>, set by main.tsx before the first render (the policy forbids an
 * inline script in index.html); with `auto` there is no attribute and the stylesheet's media query
 * decides, so a first paint before any script already has the device's scheme.
 */
export const THEMES = ['auto', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

const STORAGE_KEY = 'portale-famiglie.theme';

/** The browser's bar (`<meta name="theme-color">` in index.html): the top bar's colour of each scheme. */
export const THEME_COLOURS = { light: '#0066cc', dark: '#18222d' } as const;

const isTheme = (v: unknown): v is Theme => typeof v === 'string' && (THEMES as readonly string[]).includes(v);

function readSaved(): Theme {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isTheme(saved) ? saved : 'auto';
  } catch {
    // Storage refused (a private window of some browsers): the device decides.
    return 'auto';
  }
}

let current: Theme = readSaved();
const listeners = new Set<() => void>();

/** Puts a theme on the page: the attribute the tokens read, and the browser bar's colour. */
export function applyTheme(theme: Theme, doc: Document = document) {
  const root = doc.documentElement;
  if (theme === 'auto') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', theme);
  for (const meta of doc.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    const scheme = theme !== 'auto' ? theme : meta.getAttribute('media')?.includes('dark') ? 'dark' : 'light';
    meta.content = THEME_COLOURS[scheme];
  }
}

/** At start: the theme this device was left with. */
export function applySavedTheme(doc: Document = document) {
  current = readSaved();
  applyTheme(current, doc);
}

export function chooseTheme(theme: Theme) {
  current = theme;
  try {
    if (theme === 'auto') globalThis.localStorage?.removeItem(STORAGE_KEY);
    else globalThis.localStorage?.setItem(STORAGE_KEY, theme);
  } catch {
    // Not kept, still applied to this page.
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The theme chosen on this device (`auto` unless one was picked). */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, () => current);
}
