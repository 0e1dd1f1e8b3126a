
// Temporal stays out of this module: the navigation guard runs it on every route, /login included,
// and the date filter's rules (which need Temporal) live in ./dateFilter.
export type { DateFilterChoice, DateFilterValue } from './dateFilter';

/**
 * What the portal keeps in the tab's session storage besides the session itself (spec §2): the
 * last protected navigation, under one fixed key, and the date filter of the screens. Storage is
 * passed in, so the rules run the same in tests and in the browser.
 */
export const NAVIGATION_STATE_KEY = 'portale-famiglie.navigazione';
export const DATE_FILTER_KEY = 'portale-famiglie.filtro-date';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface NavigationScope {
  id_scuola: string;
  id_studente: number;
  anno: string;
}

export interface NavigationState {
  /** The path navigated to, without query string (it may carry nothing private either). */
  path: string;
  scope: NavigationScope;
  /** ISO instant. */
  savedAt: string;
}

export function readJson(storage: KeyValueStorage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

/** A full or blocked storage (private browsing, quota) must never stop a navigation. */
export function write(storage: KeyValueStorage, key: string, value: unknown) {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Nothing to do: the state is a convenience, the portal works without it.
  }
}

export function remove(storage: KeyValueStorage, key: string) {
  try {
    storage.removeItem(key);
  } catch {
    // As above.
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function readNavigationState(storage: KeyValueStorage): NavigationState | null {
  const v = readJson(storage, NAVIGATION_STATE_KEY);
  if (!isRecord(v) || typeof v.path !== 'string' || typeof v.savedAt !== 'string' || !isRecord(v.scope)) return null;
  const { id_scuola, id_studente, anno } = v.scope;
  if (typeof id_scuola !== 'string' || typeof id_studente !== 'number' || typeof anno !== 'string') return null;
  return { path: v.path, savedAt: v.savedAt, scope: { id_scuola, id_studente, anno } };
}

/**
 * Spec §2: every protected navigation saves the state; when it opens a conditional section (one
 * with a service) the date filter is cleared, so a section never starts with another section's
 * range. Staying on the same path (a reload, a change of the query string) keeps the filter.
 */
export function recordNavigation(storage: KeyValueStorage, next: NavigationState, opts: { clearsDateFilter: boolean }) {
  const previous = readNavigationState(storage);
  write(storage, NAVIGATION_STATE_KEY, next);
  if (opts.clearsDateFilter && previous?.path !== next.path) remove(storage, DATE_FILTER_KEY);
}

/** The school year a scope's `anno` names ("2026_2027"): the calendar year it starts in. */
export function schoolYearStart(anno: string): number | null {
  const m = /^(\d{4})[_/-]\d{4}$/.exec(anno);
  return m ? Number(m[1]) : null;
}
