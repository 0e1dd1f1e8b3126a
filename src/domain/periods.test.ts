import { describe, expect, it } from 'vitest';
import { Temporal } from './temporal';
import { currentPeriod, periodBounds, periodOfItemDate, schoolWeeks, schoolYearMonths } from './periods';

const periods = [
  { numero: 1, periodo: 'Trimestre', data_inizio: '2025-09-15', data_fine: '2025-12-31' },
  { numero: 2, periodo: 'Pentamestre', data_inizio: '2026-01-07', data_fine: '2026-06-10' },
];

describe('periodBounds', () => {
  it('starts at 00:00:00 and ends at 23:59:59 Europe/Rome', () => {
    const { start, end } = periodBounds(periods[0]!);
    expect(start.toString()).toBe('2025-09-15T00:00:00+02:00[Europe/Rome]');
    expect(end.toString()).toBe('2025-12-31T23:59:59+01:00[Europe/Rome]');
  });

  it('uses the Rome offset of each day (summer vs winter)', () => {
    const { start, end } = periodBounds({ data_inizio: '2026-01-07', data_fine: '2026-06-10' });
    expect(start.offset).toBe('+01:00');
    expect(end.offset).toBe('+02:00');
    expect(end.toInstant().toString()).toBe('2026-06-10T21:59:59Z');
  });
});

describe('currentPeriod', () => {
  it('returns the period containing today, bounds included', () => {
    expect(currentPeriod(Temporal.PlainDate.from('2025-09-15'), periods)?.numero).toBe(1);
    expect(currentPeriod(Temporal.PlainDate.from('2025-12-31'), periods)?.numero).toBe(1);
    expect(currentPeriod(Temporal.PlainDate.from('2026-06-10'), periods)?.numero).toBe(2);
  });

  it('is null in a gap between periods or outside the year', () => {
    expect(currentPeriod(Temporal.PlainDate.from('2026-01-03'), periods)).toBeNull();
    expect(currentPeriod(Temporal.PlainDate.from('2026-07-01'), periods)).toBeNull();
  });
});

describe('periodOfItemDate', () => {
  it('finds the period of a plain date, both ends included, and none between or outside', () => {
    expect(periodOfItemDate('2025-09-15', periods)?.numero).toBe(1);
    expect(periodOfItemDate('2025-12-31', periods)?.numero).toBe(1);
    expect(periodOfItemDate('2026-01-03', periods)).toBeNull();
    expect(periodOfItemDate('2026-06-10', periods)?.numero).toBe(2);
    expect(periodOfItemDate('2026-06-11', periods)).toBeNull();
  });

  it('answers the same through Temporal when a date is not plain YYYY-MM-DD', () => {
    expect(periodOfItemDate('+002026-01-07', periods)?.numero).toBe(2);
    expect(periodOfItemDate('2026-03-01', [{ numero: 3, data_inizio: '+002026-02-01', data_fine: '2026-03-31' }])?.numero).toBe(3);
  });
});

describe('schoolWeeks', () => {
  it('lists Monday-to-Sunday weeks from the first start to the last end', () => {
    const weeks = schoolWeeks(periods);
    // 2025-09-15 is a Monday; 2026-06-10 is a Wednesday whose week ends Sunday 2026-06-14
    expect(weeks[0]!.start.toString()).toBe('2025-09-15');
    expect(weeks[0]!.end.toString()).toBe('2025-09-21');
    expect(weeks.at(-1)!.start.toString()).toBe('2026-06-08');
    expect(weeks.at(-1)!.end.toString()).toBe('2026-06-14');
    expect(weeks).toHaveLength(39);
    for (const w of weeks) {
      expect(w.start.dayOfWeek).toBe(1);
      expect(w.end.dayOfWeek).toBe(7);
    }
  });

  it('starts on the Monday before a mid-week start, whatever the period order', () => {
    const weeks = schoolWeeks([
      { numero: 2, data_inizio: '2026-01-01', data_fine: '2026-01-04' },
      { numero: 1, data_inizio: '2025-12-25', data_fine: '2025-12-31' },
    ]);
    expect(weeks.map((w) => `${w.start}/${w.end}`)).toEqual(['2025-12-22/2025-12-28', '2025-12-29/2026-01-04']);
  });

  it('is empty without periods', () => {
    expect(schoolWeeks([])).toEqual([]);
  });
});

describe('schoolYearMonths', () => {
  it('lists September to June across the year change', () => {
    expect(schoolYearMonths(2025).map(String)).toEqual([
      '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06',
    ]);
  });
});
