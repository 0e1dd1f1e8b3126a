import { isIsoDate } from '../../domain/isoDate';
import type { DateFilterChoice } from '../../domain/dateFilter';
import { QUICK_FILTERS, type QuickFilter } from '../../domain/quickFilters';
import type { DayRange } from '../../domain/isoDate';

// The part of the teaching screens' search params that their route definitions use (validation
// and loader deps): route definitions are in the route tree that /login loads, so this lives
// outside the screens' own folder (scripts/check-size.mjs).

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

export function decodeChoice(filtro: string | undefined): DateFilterChoice {
  if (filtro && (QUICK_FILTERS as readonly string[]).includes(filtro)) return { kind: 'quick', filter: filtro as QuickFilter };
  if (filtro && /^\d{4}-\d{2}$/.test(filtro)) return { kind: 'month', month: filtro };
  const period = filtro ? /^periodo-(\d+)$/.exec(filtro) : null;
  if (period) return { kind: 'period', numero: Number(period[1]) };
  return { kind: 'custom' };
}

export const rangeOf = (search: RangeSearch): Partial<DayRange> => (search.dal && search.al ? { from: search.dal, to: search.al } : {});
