// Temporal stays out of this module: the navigation guard runs it on every route, /login included.
import type { StudentScope } from './student';
import { DATE_FILTER_KEY, isRecord, NAVIGATION_STATE_KEY, readJson, remove, write, type KeyValueStorage } from './tabStorage';

/** The last protected navigation (docs/product.md#navigation), kept in the tab's session storage under one fixed key. */
export interface NavigationState {
  /** The path navigated to, without query string (it may carry nothing private either). */
  path: string;
  scope: StudentScope;
  /** ISO instant. */
  savedAt: string;
}

export function readNavigationState(storage: KeyValueStorage): NavigationState | null {
  const v = readJson(storage, NAVIGATION_STATE_KEY);
  if (!isRecord(v) || typeof v.path !== 'string' || typeof v.savedAt !== 'string' || !isRecord(v.scope)) return null;
  const { id_scuola, id_studente, anno } = v.scope;
  if (typeof id_scuola !== 'string' || typeof id_studente !== 'number' || typeof anno !== 'string') return null;
  return { path: v.path, savedAt: v.savedAt, scope: { id_scuola, id_studente, anno } };
}

/**
 * docs/product.md#navigation: every protected navigation saves the state; when it opens a conditional section (one
 * with a service) the date filter is cleared, so a section never starts with another section's
 * range. Staying on the same path (a reload, a change of the query string) keeps the filter.
 */
export function recordNavigation(storage: KeyValueStorage, next: NavigationState, opts: { clearsDateFilter: boolean }) {
  const previous = readNavigationState(storage);
  write(storage, NAVIGATION_STATE_KEY, next);
  if (opts.clearsDateFilter && previous?.path !== next.path) remove(storage, DATE_FILTER_KEY);
}
