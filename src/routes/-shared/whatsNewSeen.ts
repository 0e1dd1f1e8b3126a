import { useCallback, useSyncExternalStore } from 'react';
import { keepAllSeen, keepSeen, readSeen, seenKey } from '../../api/whatsNewSeen';
import type { NewsItem, SeenState } from '../../domain/whatsNew';

/**
 * The family's seen Novità items as React state (docs/product.md, "Novità"): the sidebar's badge and
 * the Novità screen read the same marks, so marking on the screen updates the badge at once, and a
 * mark made in another tab arrives with the storage event.
 */
const listeners = new Set<() => void>();
const states = new Map<string, SeenState>();

function changed(key: string, state: SeenState | null) {
  if (state) states.set(key, state);
  else states.delete(key);
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const fromOtherTab = (e: StorageEvent) => {
    if (e.key !== null && e.key.startsWith('portale-famiglie.novita-viste.')) changed(e.key, null);
  };
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

function snapshot(key: string): SeenState {
  let state = states.get(key);
  if (!state) {
    state = readSeen(key);
    states.set(key, state);
  }
  return state;
}

export function useSeenNews(user: { id_utente: number }) {
  const key = seenKey(user);
  const seen = useSyncExternalStore(subscribe, () => snapshot(key));
  const markSeen = useCallback((keys: readonly string[]) => changed(key, keepSeen(key, keys)), [key]);
  const markAllSeen = useCallback((items: readonly NewsItem[]) => changed(key, keepAllSeen(key, items)), [key]);
  return { seen, markSeen, markAllSeen };
}
