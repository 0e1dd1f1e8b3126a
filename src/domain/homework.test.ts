import { describe, expect, it } from 'vitest';
import { Temporal } from './temporal';
import { groupHomeworkByDay, isUpcoming, sortHomework, upcomingHomework } from './homework';

const today = Temporal.PlainDate.from('2026-11-20');
const subjects = [
  { id: 27, descrizione: 'Matematica', ordinamento: 6 },
  { id: 22, descrizione: 'Lingua e letteratura italiana', ordinamento: 1 },
  { id: 29, descrizione: 'Scienze naturali', ordinamento: 8 },
];
const hw = (id: number, data: string, data_consegna: string, id_materia: number) => ({ id, data, data_consegna, id_materia, dettaglio: `compito ${id}` });
const items = [
  hw(1, '2026-11-16', '2026-11-19', 27),
  hw(2, '2026-11-18', '2026-11-20', 29),
  hw(3, '2026-11-18', '2026-11-20', 27),
  hw(4, '2026-11-19', '2026-11-23', 22),
  hw(5, '2026-11-20', '2026-12-04', 27),
  hw(6, '2026-11-17', '2026-11-20', 27),
  hw(7, '2026-11-19', '2026-11-23', 99),
];

describe('upcoming homework', () => {
  it('keeps what is due today or later and drops what was due before today', () => {
    expect(isUpcoming(hw(9, '2026-11-18', '2026-11-20', 27), today)).toBe(true);
    expect(isUpcoming(hw(9, '2026-11-18', '2026-11-19', 27), today)).toBe(false);
    expect(upcomingHomework(items, today).map((h) => h.id)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('works across a year end', () => {
    expect(upcomingHomework([hw(1, '2026-12-22', '2027-01-07', 27)], Temporal.PlainDate.from('2026-12-31'))).toHaveLength(1);
  });
});

describe('sortHomework', () => {
  it('soonest due first, then by day assigned and id', () => {
    expect(sortHomework(items, 'soonest').map((h) => h.id)).toEqual([1, 6, 2, 3, 4, 7, 5]);
  });

  it('latest due first for the whole year', () => {
    expect(sortHomework(items, 'latest').map((h) => h.id)).toEqual([5, 7, 4, 3, 2, 6, 1]);
  });

  it('does not change its input', () => {
    const copy = [...items];
    sortHomework(items, 'latest');
    expect(items).toEqual(copy);
  });
});

describe('groupHomeworkByDay', () => {
  it('groups by due day and, within a day, by subject in the school order', () => {
    const days = groupHomeworkByDay(upcomingHomework(items, today), subjects, 'soonest');
    expect(days.map((d) => d.date)).toEqual(['2026-11-20', '2026-11-23', '2026-12-04']);
    const [friday, monday] = days;
    // Matematica (ordinamento 6) before Scienze naturali (8); its items in due order.
    expect(friday!.subjects.map((g) => [g.subject?.descrizione, g.items.map((h) => h.id)])).toEqual([
      ['Matematica', [6, 3]],
      ['Scienze naturali', [2]],
    ]);
    // An unknown subject comes last, without a subject.
    expect(monday!.subjects.map((g) => [g.id_materia, g.subject?.descrizione ?? null])).toEqual([
      [22, 'Lingua e letteratura italiana'],
      [99, null],
    ]);
  });

  it('lists the latest day first when asked', () => {
    expect(groupHomeworkByDay(items, subjects, 'latest').map((d) => d.date)).toEqual([
      '2026-12-04',
      '2026-11-23',
      '2026-11-20',
      '2026-11-19',
    ]);
  });

  it('is empty for no homework', () => {
    expect(groupHomeworkByDay([], subjects, 'soonest')).toEqual([]);
  });
});
