import { useSyncExternalStore } from 'react';

/**
 * Where the screens switch to their phone layout: the filters become one button and a sheet, and
 * tables with a compact line become one row per item. The same width as the Table's stacked cards
 * (37.5rem: a 360 or 390 px phone is under it, a tablet held upright is not).
 */
export const PHONE_QUERY = '(max-width: 37.5rem)';

function query(): MediaQueryList | null {
  return typeof globalThis.matchMedia === 'function' ? globalThis.matchMedia(PHONE_QUERY) : null;
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
