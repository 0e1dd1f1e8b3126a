import { describe, expect, it } from 'vitest';
import { Temporal } from './temporal';
import { schoolYearSpan, schoolYearStart, schoolYearStartYear } from './schoolYear';

const day = (s: string) => Temporal.PlainDate.from(s);

describe('school year', () => {
  it('reads the first calendar year of a scope, or today’s school year when it names none', () => {
    expect(schoolYearStartYear('2026_2027', day('2027-03-01'))).toBe(2026);
    expect(schoolYearStartYear('2025/2026', day('2027-03-01'))).toBe(2025);
    expect(schoolYearStartYear('corrente', day('2026-11-20'))).toBe(2026);
    expect(schoolYearStartYear('corrente', day('2027-03-01'))).toBe(2026);
  });

  it('starts on 1 September of the first period’s school year', () => {
    expect(schoolYearStart([{ numero: 1, data_inizio: '2025-09-15', data_fine: '2025-12-22' }], day('2024-01-01')).toString()).toBe('2025-09-01');
    expect(schoolYearStart([{ numero: 1, data_inizio: '2025-08-28', data_fine: '2025-12-22' }], day('2024-01-01')).toString()).toBe('2025-09-01');
    expect(schoolYearStart([], day('2024-09-01')).toString()).toBe('2024-09-01');
  });

  it('spans the periods, first start to last end, whatever their order', () => {
    const periods = [
      { numero: 2, data_inizio: '2026-01-08', data_fine: '2026-06-10' },
      { numero: 1, data_inizio: '2025-09-15', data_fine: '2026-01-07' },
    ];
    const fallback = { from: day('2025-11-17'), to: day('2025-11-23') };
    expect(schoolYearSpan(periods, fallback)).toEqual({ from: '2025-09-15', to: '2026-06-10' });
    expect(schoolYearSpan([], fallback)).toEqual({ from: '2025-11-17', to: '2025-11-23' });
  });
});
