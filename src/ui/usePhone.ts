import { useSyncExternalStore } from 'react';

/**
 * Where the screens switch to their phone layout: the filters become one button and a sheet, and
 * tables with a compact line become one row per item. The same width as the Table's stacked cards
 * (37.5rem: a 360 or 390 px phone is under it, a tablet held upright is not).
 */
export const PHONE_QUERY = '(max-width: 37.5rem)';

let made: { from: typeof globalThis.matchMedia; list: MediaQueryList } | null = null;

/**
 * The one MediaQueryList of the phone query: every render reads its `matches` instead of parsing
 * the query again (a list screen has several parts asking). Made again only when the window's
 * matchMedia is another function (a test standing in for a window of another width).
 */
function query(): MediaQueryList | null {
  if (typeof globalThis.matchMedia !== 'function') return null;
  if (made?.from !== globalThis.matchMedia) made = { from: globalThis.matchMedia, list: globalThis.matchMedia(PHONE_QUERY) };
  return made.list;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/**
 * Whether the window is phone-wide. Read synchronously on the first render, so a phone draws its
 * own layout at once instead of the desktop's first (no shift when the page paints).
 */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches ?? false, () => false);
}
