import type { Temporal } from './temporal';

export const QUICK_FILTERS = ['today', 'tomorrow', 'last30', 'last90'] as const;
export type QuickFilter = (typeof QUICK_FILTERS)[number];

export interface DateRange {
  from: Temporal.PlainDate;
  to: Temporal.PlainDate;
}

/** Inclusive range of a quick filter; "last N days" counts today as one of the N. */
export function quickFilterRange(kind: QuickFilter, today: Temporal.PlainDate): DateRange {
  switch (kind) {
    case 'today':
      return { from: today, to: today };
    case 'tomorrow': {
      const tomorrow = today.add({ days: 1 });
      return { from: tomorrow, to: tomorrow };
    }
    case 'last30':
      return { from: today.subtract({ days: 29 }), to: today };
    case 'last90':
      return { from: today.subtract({ days: 89 }), to: today };
  }
}
