import { describe, expect, it } from 'vitest';
import { Temporal } from '../domain/temporal';
import { formatDate, formatDateTime, formatGradeValue, formatMoney, formatTime, isoDate, isoDateTime, isoTime, formatMonthYear, formatWeekdayDate } from './format';

// Intl separates amount and symbol with a (narrow) no-break space: compare with any whitespace.
const normaliseSpaces = (s: string) => s.replace(/\s/gu, ' ');

describe('formatDate', () => {
  it('formats a date string as DD-MM-YYYY', () => {
    expect(formatDate('2026-03-05')).toBe('05-03-2026');
  });

  it('formats Temporal dates', () => {
    expect(formatDate(Temporal.PlainDate.from('2025-12-31'))).toBe('31-12-2025');
    expect(formatDate(Temporal.ZonedDateTime.from('2026-01-09T10:00:00+01:00[Europe/Rome]'))).toBe('09-01-2026');
  });

  it('reads offset strings in Europe/Rome, which can change the day', () => {
    expect(formatDate('2026-11-21T08:00:00+01:00')).toBe('21-11-2026');
    expect(formatDate('2026-11-20T23:30:00Z')).toBe('21-11-2026');
    expect(formatDate('2026-06-30T22:30:00Z')).toBe('01-07-2026');
  });

  it('moves a ZonedDateTime of another zone to Europe/Rome', () => {
    expect(formatDate(Temporal.ZonedDateTime.from('2026-03-01T20:00:00-05:00[America/New_York]'))).toBe('02-03-2026');
  });

  it('rejects a string that is not a date', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});

describe('formatTime', () => {
  it('formats 24-hour HH:mm', () => {
    expect(formatTime('2026-11-21T15:07:59')).toBe('15:07');
    expect(formatTime('08:05:00')).toBe('08:05');
    expect(formatTime(Temporal.PlainTime.from('00:00'))).toBe('00:00');
  });

  it('applies the Rome offset, winter and summer', () => {
    expect(formatTime('2026-11-21T08:00:00+01:00')).toBe('08:00');
    expect(formatTime('2026-11-21T07:00:00Z')).toBe('08:00');
    expect(formatTime('2026-07-21T07:00:00Z')).toBe('09:00');
    expect(formatTime(Temporal.Instant.from('2026-07-21T21:45:00Z'))).toBe('23:45');
  });

  it('has no time to show for a bare date', () => {
    expect(() => formatTime('2026-11-21')).toThrow(RangeError);
  });
});

describe('formatDateTime', () => {
  it('formats DD-MM-YYYY HH:mm in Europe/Rome', () => {
    expect(formatDateTime('2026-11-21T08:00:00+01:00')).toBe('21-11-2026 08:00');
    expect(formatDateTime('2026-03-29T01:30:00Z')).toBe('29-03-2026 03:30');
    expect(formatDateTime('2026-01-02T13:04:00')).toBe('02-01-2026 13:04');
    expect(formatDateTime(Temporal.ZonedDateTime.from('2026-05-04T18:09:00+02:00[Europe/Rome]'))).toBe('04-05-2026 18:09');
  });

  it('shows a bare date at midnight', () => {
    expect(formatDateTime('2026-05-04')).toBe('04-05-2026 00:00');
  });
});

describe('formatMoney', () => {
  it('uses it-IT, EUR and two decimals', () => {
    expect(normaliseSpaces(formatMoney(12.5))).toBe('12,50 €');
    expect(normaliseSpaces(formatMoney(0))).toBe('0,00 €');
    expect(normaliseSpaces(formatMoney(3.456))).toBe('3,46 €');
    expect(normaliseSpaces(formatMoney(-7))).toBe('-7,00 €');
  });

  it('groups thousands with a dot', () => {
    expect(normaliseSpaces(formatMoney(12345.6))).toBe('12.345,60 €');
  });

  it('marks credits with + only when asked, and never zero', () => {
    expect(normaliseSpaces(formatMoney(5, { signed: true }))).toBe('+5,00 €');
    expect(normaliseSpaces(formatMoney(-5, { signed: true }))).toBe('-5,00 €');
    expect(normaliseSpaces(formatMoney(0, { signed: true }))).toBe('0,00 €');
    expect(normaliseSpaces(formatMoney(5))).toBe('5,00 €');
  });
});

describe('formatGradeValue', () => {
  it('uses a decimal comma and up to two decimals', () => {
    expect(formatGradeValue(7.75)).toBe('7,75');
    expect(formatGradeValue(8)).toBe('8');
    expect(formatGradeValue(6.5)).toBe('6,5');
    expect(formatGradeValue(6.666)).toBe('6,67');
  });
});

describe('machine-readable forms (for <time dateTime>)', () => {
  it('gives the school day of a date or an instant', () => {
    expect(isoDate('2026-03-05')).toBe('2026-03-05');
    expect(isoDate('2026-11-20T23:30:00Z')).toBe('2026-11-21');
    expect(isoDate(Temporal.PlainDateTime.from('2026-01-02T13:04'))).toBe('2026-01-02');
  });

  it('gives the moment with the Rome offset of that day, winter and summer', () => {
    expect(isoDateTime('2026-11-21T07:00:00Z')).toBe('2026-11-21T08:00:00+01:00');
    expect(isoDateTime('2026-07-21T08:00:00')).toBe('2026-07-21T08:00:00+02:00');
    expect(isoDateTime('2026-05-04')).toBe('2026-05-04T00:00:00+02:00');
  });

  it('gives HH:mm for a time', () => {
    expect(isoTime('08:05:30')).toBe('08:05');
    expect(isoTime('2026-07-21T07:00:00Z')).toBe('09:00');
  });
});

describe('formatWeekdayDate and formatMonthYear', () => {
  it('names the weekday of a day at the school, in the language asked', () => {
    expect(formatWeekdayDate('it', '2026-11-20')).toBe('venerdì 20-11-2026');
    expect(formatWeekdayDate('en', '2026-11-20')).toBe('Friday 20-11-2026');
    // An instant late in the evening UTC is already the next day in Rome.
    expect(formatWeekdayDate('it', '2026-11-20T23:30:00Z')).toBe('sabato 21-11-2026');
  });

  it('names a month with its year', () => {
    expect(formatMonthYear('it', '2026-11')).toBe('novembre 2026');
    expect(formatMonthYear('en', '2026-01')).toBe('January 2026');
  });
});
