import { markAllSeen, markSeen, toSeenState, type NewsItem, type SeenState } from '../domain/whatsNew';
import { readJson, write, type KeyValueStorage } from '../domain/tabStorage';

/**
 * Which Novità items the family has seen, kept in this device's local storage (docs/product.md, "Novità"):
 * the real backend has no call to record it, so it is per user and per device, survives a reload
 * and sign-out, and is shared by the tabs of the browser. The key names the school and the user,
 * never a token; the value holds item keys only (school, student, kind, id), no content. Storage is
 * passed in (the browser's local storage by default), so tests use their own.
 */

/** Item keys name the school and the student, so one user key serves every school of the user. */
export const seenKey = (user: { id_utente: number }) => `portale-famiglie.novita-viste.${user.id_utente}`;

export const readSeen = (key: string, storage: KeyValueStorage = localStorage): SeenState => toSeenState(readJson(storage, key));

/** Marks items seen and returns the state as now kept (what another tab marked meanwhile included). */
export function keepSeen(key: string, keys: readonly string[], storage: KeyValueStorage = localStorage): SeenState {
  const next = markSeen(readSeen(key, storage), keys);
  write(storage, key, next);
  return next;
}

/** «Segna tutto come visto». */
export function keepAllSeen(key: string, items: readonly NewsItem[], storage: KeyValueStorage = localStorage): SeenState {
  const next = markAllSeen(readSeen(key, storage), items);
  write(storage, key, next);
  return next;
}
