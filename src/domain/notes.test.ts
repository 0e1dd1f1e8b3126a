import { describe, expect, it } from 'vitest';
import { Temporal } from './temporal';
import { filterBySubjectAndPeriod, homeworkDueSoon, newItems, NO_FILTER, sortTags, subjectIdsOf, upcomingTests } from './notes';
import { newestFirst } from './dated';

const periods = [
  { numero: 1, data_inizio: '2026-09-14', data_fine: '2026-12-22' },
  { numero: 2, data_inizio: '2027-01-07', data_fine: '2027-06-08' },
];

describe('sortTags', () => {
  it('orders a note’s tags by ordinamento, then codice, without touching the input', () => {
    const tags = [
      { codice: 'RIT', ordinamento: 3 },
      { codice: 'MAT', ordinamento: 5 },
      { codice: 'DIS', ordinamento: 1 },
      { codice: 'ALT', ordinamento: 3 },
    ];
    expect(sortTags(tags).map((t) => t.codice)).toEqual(['DIS', 'ALT', 'RIT', 'MAT']);
    expect(tags[0]!.codice).toBe('RIT');
  });
});

describe('newestFirst', () => {
  it('sorts by date descending, same day by id descending', () => {
    const items = [
      { id: 1, data: '2026-10-01' },
      { id: 3, data: '2026-11-20' },
      { id: 2, data: '2026-10-01' },
    ];
    expect(newestFirst(items).map((i) => i.id)).toEqual([3, 2, 1]);
  });
});

describe('filterBySubjectAndPeriod', () => {
  const items = [
    { id: 1, data: '2026-10-01', id_materia: 11 },
    { id: 2, data: '2026-12-22', id_materia: 12 },
    { id: 3, data: '2027-01-07', id_materia: 11 },
    { id: 4, data: '2026-12-30', id_materia: 11 },
    { id: 5, data: '2026-11-01', id_materia: null },
  ];

  it('keeps everything without a filter', () => {
    expect(filterBySubjectAndPeriod(items, NO_FILTER, periods)).toHaveLength(5);
  });

  it('filters by subject and by period (inclusive days), together', () => {
    expect(filterBySubjectAndPeriod(items, { subject: 11, period: null }, periods).map((i) => i.id)).toEqual([1, 3, 4]);
    expect(filterBySubjectAndPeriod(items, { subject: null, period: 1 }, periods).map((i) => i.id)).toEqual([1, 2, 5]);
    expect(filterBySubjectAndPeriod(items, { subject: 11, period: 2 }, periods).map((i) => i.id)).toEqual([3]);
  });

  it('lists the subjects present', () => {
    expect([...subjectIdsOf(items)].sort()).toEqual([11, 12]);
  });
});

describe('Home summary rules', () => {
  const today = Temporal.PlainDate.from('2026-11-20');

  it('counts the items marked new (what the sidebar badge counts)', () => {
    expect(newItems([{ novita: true }, { novita: false }, { novita: true }])).toHaveLength(2);
  });

  it('keeps homework due today or tomorrow, by due date', () => {
    const homework = [
      { id: 1, data_consegna: '2026-11-21' },
      { id: 2, data_consegna: '2026-11-20' },
      { id: 3, data_consegna: '2026-11-19' },
      { id: 4, data_consegna: '2026-11-22' },
    ];
    expect(homeworkDueSoon(homework, today).map((h) => h.id)).toEqual([2, 1]);
  });

  it('keeps tests from today to 7 days ahead, soonest first', () => {
    const tests = [
      { id: 1, data: '2026-11-27' },
      { id: 2, data: '2026-11-28' },
      { id: 3, data: '2026-11-19' },
      { id: 4, data: '2026-11-20' },
      { id: 5, data: '2026-11-23' },
    ];
    expect(upcomingTests(tests, today).map((t) => t.id)).toEqual([4, 5, 1]);
  });
});
