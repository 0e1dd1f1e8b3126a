import { describe, expect, it } from 'vitest';
import { SUBJECT_PALETTE_SIZE, sortSubjects, subjectColorIndex } from './subjects';

describe('subjectColorIndex', () => {
  it('takes ordinamento modulo the palette size', () => {
    expect(SUBJECT_PALETTE_SIZE).toBe(12);
    expect(subjectColorIndex({ id: 99, ordinamento: 0 })).toBe(0);
    expect(subjectColorIndex({ id: 99, ordinamento: 5 })).toBe(5);
    expect(subjectColorIndex({ id: 99, ordinamento: 12 })).toBe(0);
    expect(subjectColorIndex({ id: 99, ordinamento: 25 })).toBe(1);
    expect(subjectColorIndex({ id: 1, ordinamento: 7 }, 4)).toBe(3);
  });

  it('is deterministic and independent of the id', () => {
    expect(subjectColorIndex({ id: 1, ordinamento: 17 })).toBe(subjectColorIndex({ id: 2, ordinamento: 17 }));
  });

  it('stays within the palette for negative ordinamento', () => {
    expect(subjectColorIndex({ id: 1, ordinamento: -1 })).toBe(11);
  });

  it('rejects a palette that is not a positive integer', () => {
    expect(() => subjectColorIndex({ id: 1, ordinamento: 1 }, 0)).toThrow(RangeError);
    expect(() => subjectColorIndex({ id: 1, ordinamento: 1 }, 2.5)).toThrow(RangeError);
  });
});

describe('sortSubjects', () => {
  it('sorts by ordinamento, then descrizione, without mutating the input', () => {
    const subjects = [
      { id: 1, descrizione: 'Storia', ordinamento: 2 },
      { id: 2, descrizione: 'Matematica', ordinamento: 2 },
      { id: 3, descrizione: 'Italiano', ordinamento: 1 },
      { id: 4, descrizione: 'arte', ordinamento: 2 },
      { id: 5, descrizione: 'Religione', ordinamento: 10 },
    ];
    expect(sortSubjects(subjects).map((s) => s.id)).toEqual([3, 4, 2, 1, 5]);
    expect(subjects.map((s) => s.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
