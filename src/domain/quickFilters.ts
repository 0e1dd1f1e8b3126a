import type { Temporal } from './temporal';
import type { DayRange } from './isoDate';

/** The quick date filters (docs/product.md#date-filters). No Temporal at run time: route search params use this on /login too. */
export const QUICK_FILTERS = ['today', 'tomorrow', 'last30', 'last90'] as const;
export type QuickFilter = (typeof QUICK_FILTERS)[number];

/** Inclusive range of a quick filter; "last N days" counts today as one of the N. */
export function quickFilterRange(kind: QuickFilter, today: Temporal.PlainDate): DayRange {
  const days = (from: Temporal.PlainDate, to: Temporal.PlainDate): DayRange => ({ from: from.toString(), to: to.toString() });
  switch (kind) {
    case 'today':
      return days(today, today);
    case 'tomorrow': {
      const tomorrow = today.add({ days: 1 });
      return days(tomorrow, tomorrow);
    }
    case 'last30':
      return days(today.subtract({ days: 29 }), today);
    case 'last90':
      return days(today.subtract({ days: 89 }), today);
  }
}
