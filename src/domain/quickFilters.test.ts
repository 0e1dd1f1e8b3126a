import { describe, expect, it } from 'vitest';
import { Temporal } from './temporal';
import { QUICK_FILTERS, quickFilterRange } from './quickFilters';

const today = Temporal.PlainDate.from('2026-03-01');

function range(kind: Parameters<typeof quickFilterRange>[0], day = today): [string, string] {
  const r = quickFilterRange(kind, day);
  return [r.from, r.to];
}

describe('quickFilterRange', () => {
  it('offers the four filters of the spec', () => {
    expect(QUICK_FILTERS).toEqual(['today', 'tomorrow', 'last30', 'last90']);
  });

  it('today is a single day', () => {
    expect(range('today')).toEqual(['2026-03-01', '2026-03-01']);
  });

  it('tomorrow crosses month and year ends', () => {
    expect(range('tomorrow')).toEqual(['2026-03-02', '2026-03-02']);
    expect(range('tomorrow', Temporal.PlainDate.from('2025-12-31'))).toEqual(['2026-01-01', '2026-01-01']);
  });

  it('last 30 days counts today as the 30th day', () => {
    // 2026 is not a leap year: 29 days before 1 March is 31 January
    expect(range('last30')).toEqual(['2026-01-31', '2026-03-01']);
    const r = quickFilterRange('last30', today);
    expect(Temporal.PlainDate.from(r.from).until(r.to).days + 1).toBe(30);
  });

  it('last 90 days counts today as the 90th day', () => {
    expect(range('last90')).toEqual(['2025-12-02', '2026-03-01']);
    expect(range('last90', Temporal.PlainDate.from('2024-03-01'))).toEqual(['2023-12-03', '2024-03-01']);
  });
});
