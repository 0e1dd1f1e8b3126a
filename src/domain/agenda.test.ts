import { describe, expect, it } from 'vitest';
import { Temporal } from './temporal';
import { agendaWeek, filterBySubjectAndRange, groupBySubject, isWithin, parseIsoDate, schoolDateOf, shiftWeek, testsUpcomingFirst, weekDays, weekOf, weekRange } from './agenda';
import { newestFirst } from './dated';

const d = (s: string) => Temporal.PlainDate.from(s);

describe('parseIsoDate', () => {
  it('accepts real dates written YYYY-MM-DD only', () => {
    expect(parseIsoDate('2026-11-20')?.toString()).toBe('2026-11-20');
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('20261120')).toBeNull();
    expect(parseIsoDate('20-11-2026')).toBeNull();
    expect(parseIsoDate(20261120)).toBeNull();
    expect(parseIsoDate(undefined)).toBeNull();
  });
});

describe('ranges and filters', () => {
  it('includes both ends and leaves a missing end open', () => {
    expect(isWithin('2026-11-20', { from: '2026-11-20', to: '2026-11-20' })).toBe(true);
    expect(isWithin('2026-11-21', { from: '2026-11-20', to: '2026-11-20' })).toBe(false);
    expect(isWithin('2026-01-01', { to: '2026-11-20' })).toBe(true);
    expect(isWithin('2026-01-01', {})).toBe(true);
  });

  it('filters by subject and range together', () => {
    const items = [
      { id: 1, data: '2026-11-02', id_materia: 27 },
      { id: 2, data: '2026-11-18', id_materia: 27 },
      { id: 3, data: '2026-11-18', id_materia: 22 },
      { id: 4, data: '2026-11-18', id_materia: null },
    ];
    expect(filterBySubjectAndRange(items, { subjectId: 27 }).map((i) => i.id)).toEqual([1, 2]);
    expect(filterBySubjectAndRange(items, { range: { from: '2026-11-10' } }).map((i) => i.id)).toEqual([2, 3, 4]);
    expect(filterBySubjectAndRange(items, { subjectId: 27, range: { from: '2026-11-10', to: '2026-11-30' } }).map((i) => i.id)).toEqual([2]);
    expect(filterBySubjectAndRange(items, {}).map((i) => i.id)).toEqual([1, 2, 3, 4]);
  });

  it('sorts newest first, by id within a day', () => {
    const items = [
      { id: 1, data: '2026-11-02' },
      { id: 5, data: '2026-11-18' },
      { id: 7, data: '2026-11-18' },
      { id: 3, data: '2026-10-30' },
    ];
    expect(newestFirst(items).map((i) => i.id)).toEqual([7, 5, 1, 3]);
  });

  it('groups by subject in the school order, unknown subjects last', () => {
    const subjects = [
      { id: 27, descrizione: 'Matematica', ordinamento: 6 },
      { id: 22, descrizione: 'Italiano', ordinamento: 1 },
      { id: 22, descrizione: 'Italiano', ordinamento: 1 },
    ];
    const items = [
      { id: 1, id_materia: 27 },
      { id: 2, id_materia: 99 },
      { id: 3, id_materia: 22 },
      { id: 4, id_materia: 27 },
    ];
    expect(groupBySubject(items, subjects).map((g) => [g.id_materia, g.subject?.descrizione ?? null, g.items.map((i) => i.id)])).toEqual([
      [22, 'Italiano', [3]],
      [27, 'Matematica', [1, 4]],
      [99, null, [2]],
    ]);
  });

  it('puts upcoming tests first, soonest first, then past ones latest first', () => {
    const tests = [
      { id: 1, data: '2026-10-05' },
      { id: 2, data: '2026-11-26' },
      { id: 3, data: '2026-11-20' },
      { id: 4, data: '2026-11-07' },
      { id: 5, data: '2026-11-23' },
    ];
    const { upcoming, past } = testsUpcomingFirst(tests, d('2026-11-20'));
    expect(upcoming.map((t) => t.id)).toEqual([3, 5, 2]);
    expect(past.map((t) => t.id)).toEqual([4, 1]);
  });
});

describe('school week', () => {
  it('runs Monday to Sunday, whatever day it is asked for', () => {
    for (const day of ['2026-11-16', '2026-11-20', '2026-11-22']) {
      const week = weekOf(d(day));
      expect([week.start.toString(), week.end.toString()]).toEqual(['2026-11-16', '2026-11-22']);
    }
    expect(weekDays(weekOf(d('2026-11-20'))).map((x) => x.dayOfWeek)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('moves by whole weeks across months and years', () => {
    const week = weekOf(d('2026-12-30'));
    expect(weekRange(week)).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(weekRange(shiftWeek(week, 1))).toEqual({ from: '2027-01-04', to: '2027-01-10' });
    expect(weekRange(shiftWeek(week, -5))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });

  it('takes the school day of a date-time in Rome time', () => {
    expect(schoolDateOf('2026-11-22T23:30:00Z').toString()).toBe('2026-11-23');
    expect(schoolDateOf('2026-11-23T08:00:00+01:00').toString()).toBe('2026-11-23');
  });
});

describe('agendaWeek', () => {
  const week = weekOf(d('2026-11-20'));
  const days = agendaWeek(week, {
    items: [
      { id: 2, data: '2026-11-20', data_ora_inizio: '2026-11-20T11:00:00+01:00', data_ora_fine: '2026-11-20T12:00:00+01:00' },
      { id: 1, data: '2026-11-20', data_ora_inizio: '2026-11-20T09:00:00+01:00', data_ora_fine: '2026-11-20T10:00:00+01:00' },
      { id: 3, data: '2026-11-24', data_ora_inizio: '2026-11-24T09:00:00+01:00', data_ora_fine: '2026-11-24T10:00:00+01:00' },
    ],
    lessons: [
      { data_ora_inizio: '2026-11-16T09:00:00+01:00', data_ora_fine: '2026-11-16T10:00:00+01:00', titolo: 'Latino' },
      { data_ora_inizio: '2026-11-16T08:00:00+01:00', data_ora_fine: '2026-11-16T09:00:00+01:00', titolo: 'Italiano' },
    ],
    activities: [{ id: 9, data: '2026-11-18', data_ora_inizio: '2026-11-18T15:00:00+01:00' }],
    holidays: [
      { data: '2026-11-01', data_fine: '2026-11-01' },
      { data: '2026-11-21', data_fine: '2026-11-24' },
    ],
  });

  it('has seven days from Monday', () => {
    expect(days.map((x) => x.date.toString())).toEqual([
      '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22',
    ]);
  });

  it('puts each item on its day, by start time, and leaves out other weeks', () => {
    expect(days[4]!.items.map((i) => i.id)).toEqual([1, 2]);
    expect(days.flatMap((x) => x.items).map((i) => i.id)).not.toContain(3);
    expect(days[0]!.lessons.map((l) => l.titolo)).toEqual(['Italiano', 'Latino']);
    expect(days[2]!.activities.map((a) => a.id)).toEqual([9]);
  });

  it('marks every day a holiday or break covers', () => {
    expect(days.map((x) => x.holidays.length)).toEqual([0, 0, 0, 0, 0, 1, 1]);
  });
});
