import { QUICK_FILTERS, type QuickFilter } from '../../../../domain/dateFilters';
import { isIsoDate } from '../../../../domain/isoDate';
import type { DateFilterChoice, DateFilterValue } from '../../../../domain/dateFilter';
import type { DayRange } from '../../../../api/queries/lessons';

/**
 * Search params of the teaching screens: the date range (`dal`, `al`, YYYY-MM-DD, both or neither),
 * what produced it (`filtro`: a quick filter, a month YYYY-MM or `periodo-N`; absent for a range
 * typed by the user) and the subject (`materia`). In the URL, so a reload, the back button and a
 * shared link keep them.
 */
export interface RangeSearch {
  dal?: string;
  al?: string;
  filtro?: string;
  materia?: number;
}

function positiveInteger(v: unknown): number | undefined {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
}

export function validateRangeSearch(search: Record<string, unknown>): RangeSearch {
  const out: RangeSearch = {};
  const { dal: from, al: to } = search;
  if (isIsoDate(from) && isIsoDate(to) && from <= to) {
    out.dal = from;
    out.al = to;
    if (typeof search.filtro === 'string' && decodeChoice(search.filtro).kind !== 'custom') out.filtro = search.filtro;
  }
  const materia = positiveInteger(search.materia);
  if (materia !== undefined) out.materia = materia;
  return out;
}

function decodeChoice(filtro: string | undefined): DateFilterChoice {
  if (filtro && (QUICK_FILTERS as readonly string[]).includes(filtro)) return { kind: 'quick', filter: filtro as QuickFilter };
  if (filtro && /^\d{4}-\d{2}$/.test(filtro)) return { kind: 'month', month: filtro };
  const period = filtro ? /^periodo-(\d+)$/.exec(filtro) : null;
  if (period) return { kind: 'period', numero: Number(period[1]) };
  return { kind: 'custom' };
}

function encodeChoice(choice: DateFilterChoice): string | undefined {
  switch (choice.kind) {
    case 'quick':
      return choice.filter;
    case 'month':
      return choice.month;
    case 'period':
      return `periodo-${choice.numero}`;
    case 'custom':
      return undefined;
  }
}

export const rangeOf = (search: RangeSearch): DayRange => (search.dal && search.al ? { from: search.dal, to: search.al } : {});

/** The value the date filter shows for these search params. */
export function filterValueOf(search: RangeSearch): DateFilterValue | null {
  return search.dal && search.al ? { choice: decodeChoice(search.filtro), from: search.dal, to: search.al } : null;
}

export function searchOfFilter(value: DateFilterValue | null): Pick<RangeSearch, 'dal' | 'al' | 'filtro'> {
  return value ? { dal: value.from, al: value.to, filtro: encodeChoice(value.choice) } : { dal: undefined, al: undefined, filtro: undefined };
}

/** Drops unset keys, so the URL carries only what is chosen. */
export function cleanSearch<T extends object>(search: T): T {
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined && v !== false)) as T;
}
