import { useDeferredValue } from 'react';

/**
 * How many of `total` items to draw: `first` with the page, then all of them in a second pass React
 * can interrupt, so a long list never delays the page's first paint (README "Budgets": route changes within
 * 50 ms). A shorter list is drawn whole at once.
 */
export function useDrawnCount(total: number, first: number): number {
  return useDeferredValue(total, Math.min(total, first));
}
