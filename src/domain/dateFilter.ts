import { Temporal } from './temporal';
import type { DayRange } from './isoDate';
import { periodBounds, type PeriodBounds, type PeriodLike } from './periods';
import { quickFilterRange, QUICK_FILTERS, type QuickFilter } from './quickFilters';
import { DATE_FILTER_KEY, isRecord, readJson, remove, write, type KeyValueStorage } from './tabStorage';

/** The date filter of the screens (docs/product.md#date-filters), kept in session storage. */

export type DateFilterChoice =
  | { kind: 'quick'; filter: QuickFilter }
  /** YYYY-MM */
  | { kind: 'month'; month: string }
  | { kind: 'period'; numero: number }
  | { kind: 'custom' };

/** The chosen range, both days included (YYYY-MM-DD), with what produced it. */
export interface DateFilterValue extends DayRange {
  choice: DateFilterChoice;
}

export interface DateFilterSources {
  today: Temporal.PlainDate;
  periods: readonly PeriodLike[];
}

/** The range of a quick filter, a month or a period; null for a period the school does not have. */
export function resolveDateFilter(choice: Exclude<DateFilterChoice, { kind: 'custom' }>, src: DateFilterSources): DateFilterValue | null {
  switch (choice.kind) {
    case 'quick': {
      return { choice, ...quickFilterRange(choice.filter, src.today) };
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

/** docs/product.md#date-filters: a range runs from 00:00:00 of its first day to 23:59:59 of its last, school time (like a period). */
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

