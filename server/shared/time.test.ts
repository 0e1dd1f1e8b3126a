import { describe, expect, it } from 'vitest';
import { currentPeriod, periodsOf, schoolYearOf } from './schoolYear';
import { addDays, romeDate, romeInstant, toRomeDisplay, toRomeIso, weekday } from './time';

describe('Europe/Rome time', () => {
  it('formats instants with the offset of the season', () => {
    expect(toRomeIso(new Date('2026-11-21T09:15:00Z'))).toBe('2026-11-21T10:15:00+01:00');
    expect(toRomeIso(new Date('2026-06-08T16:30:00Z'))).toBe('2026-06-08T18:30:00+02:00');
    expect(toRomeDisplay(new Date('2026-11-21T09:15:00Z'))).toBe('21-11-2026 10:15');
    expect(romeDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });

  it('turns a Rome wall-clock time into an instant, across daylight saving', () => {
    expect(romeInstant('2026-11-22', '18:30').toISOString()).toBe('2026-11-22T17:30:00.000Z');
    expect(romeInstant('2026-03-30', '18:30').toISOString()).toBe('2026-03-30T16:30:00.000Z');
  });

  it('does calendar arithmetic on plain dates', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekday('2026-11-22')).toBe(0);
  });
});

describe('school year', () => {
  it('runs from September to August', () => {
    expect(schoolYearOf('2026-09-01')).toEqual({ id: '2026_2027', descrizione: '2026/2027', startYear: 2026 });
    expect(schoolYearOf('2027-08-31').id).toBe('2026_2027');
  });

  it('finds the current period, or the nearest past one', () => {
    const periods = periodsOf(2026);
    expect(currentPeriod(periods, '2026-11-21')).toBe(1);
    expect(currentPeriod(periods, '2026-12-30')).toBe(1);
    expect(currentPeriod(periods, '2027-03-01')).toBe(2);
    expect(currentPeriod(periods, '2027-07-15')).toBe(2);
    expect(currentPeriod(periods, '2026-09-02')).toBe(1);
  });
});
