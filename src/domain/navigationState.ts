import { Temporal } from 'temporal-polyfill';
import { quickFilterRange, QUICK_FILTERS, type QuickFilter } from './dateFilters';
import { periodBounds, type PeriodBounds, type PeriodLike } from './periods';

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

function readJson(storage: KeyValueStorage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

/** A full or blocked storage (private browsing, quota) must never stop a navigation. */
function write(storage: KeyValueStorage, key: string, value: unknown) {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Nothing to do: the state is a convenience, the portal works without it.
  }
}

function remove(storage: KeyValueStorage, key: string) {
  try {
    storage.removeItem(key);
  } catch {
    // As above.
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

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

// ---------------------------------------------------------------- date filter

export type DateFilterChoice =
  | { kind: 'quick'; filter: QuickFilter }
  /** YYYY-MM */
  | { kind: 'month'; month: string }
  | { kind: 'period'; numero: number }
  | { kind: 'custom' };

/** The chosen range, both days included (YYYY-MM-DD), with what produced it. */
export interface DateFilterValue {
  choice: DateFilterChoice;
  from: string;
  to: string;
}

export interface DateFilterSources {
  today: Temporal.PlainDate;
  periods: readonly PeriodLike[];
}

/** The range of a quick filter, a month or a period; null for a period the school does not have. */
export function resolveDateFilter(choice: Exclude<DateFilterChoice, { kind: 'custom' }>, src: DateFilterSources): DateFilterValue | null {
  switch (choice.kind) {
    case 'quick': {
      const r = quickFilterRange(choice.filter, src.today);
      return { choice, from: r.from.toString(), to: r.to.toString() };
    }
    case 'month': {
      const month = Temporal.PlainYearMonth.from(choice.month);
      return { choice, from: month.toPlainDate({ day: 1 }).toString(), to: month.toPlainDate({ day: month.daysInMonth }).toString() };
    }
    case 'period': {
      const period = src.periods.find((p) => p.numero === choice.numero);
      if (!period) return null;
      const { start, end } = periodBounds(period);
      return { choice, from: start.toPlainDate().toString(), to: end.toPlainDate().toString() };
    }
  }
}

const parseDate = (s: string): Temporal.PlainDate | null => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return null;
  try {
    return Temporal.PlainDate.from(s, { overflow: 'reject' });
  } catch {
    return null;
  }
};

/** A range typed by the user: null until both days are valid and the first is not after the last. */
export function customDateFilter(from: string, to: string): DateFilterValue | null {
  const a = parseDate(from);
  const b = parseDate(to);
  if (!a || !b || Temporal.PlainDate.compare(a, b) > 0) return null;
  return { choice: { kind: 'custom' }, from: a.toString(), to: b.toString() };
}

/** Spec §5: a range runs from 00:00:00 of its first day to 23:59:59 of its last, school time (like a period). */
export function dateFilterBounds(value: Pick<DateFilterValue, 'from' | 'to'>): PeriodBounds {
  return periodBounds({ data_inizio: value.from, data_fine: value.to });
}

function isChoice(v: unknown): v is DateFilterChoice {
  if (!isRecord(v)) return false;
  switch (v.kind) {
    case 'quick':
      return (QUICK_FILTERS as readonly unknown[]).includes(v.filter);
    case 'month':
      return typeof v.month === 'string' && /^\d{4}-\d{2}$/.test(v.month);
    case 'period':
      return typeof v.numero === 'number';
    case 'custom':
      return true;
    default:
      return false;
  }
}

export function readDateFilter(storage: KeyValueStorage): DateFilterValue | null {
  const v = readJson(storage, DATE_FILTER_KEY);
  if (!isRecord(v) || !isChoice(v.choice) || typeof v.from !== 'string' || typeof v.to !== 'string') return null;
  const range = customDateFilter(v.from, v.to);
  return range ? { ...range, choice: v.choice } : null;
}

export function saveDateFilter(storage: KeyValueStorage, value: DateFilterValue | null) {
  if (value) write(storage, DATE_FILTER_KEY, value);
  else remove(storage, DATE_FILTER_KEY);
}

/** The school year a scope's `anno` names ("2026_2027"): the calendar year it starts in. */
export function schoolYearStart(anno: string): number | null {
  const m = /^(\d{4})[_/-]\d{4}$/.exec(anno);
  return m ? Number(m[1]) : null;
}
