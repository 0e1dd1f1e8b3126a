import type { DateFilterChoice, DateFilterValue } from '../../../../domain/dateFilter';
import { decodeChoice, type RangeSearch } from '../../../-shared/rangeSearch';

export { rangeOf, validateRangeSearch, type RangeSearch } from '../../../-shared/rangeSearch';

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
