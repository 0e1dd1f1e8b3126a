import { describe, expect, it } from 'vitest';
import {
  averagePolicy,
  computeAverage,
  groupGradesBySubject,
  isListedGrade,
  listGrades,
  periodOfDate,
  type GradeLike,
} from './grades';

function grade(over: Partial<GradeLike> = {}): GradeLike {
  return {
    id: 1,
    id_materia: 10,
    data: '2025-10-01',
    sottotitolo: 'scritto',
    voto_numerico: 7,
    valore_peso: 100,
    voto_pesato: true,
    is_voto: false,
    is_competenza: false,
    ...over,
  };
}

describe('isListedGrade', () => {
  it.each(['scritto', 'orale', 'pratico', 'Scritto', 'ORALE', ' Pratico '])('lists the kind %j', (sottotitolo) => {
    expect(isListedGrade(grade({ sottotitolo }))).toBe(true);
  });

  it('does not list other kinds unless flagged is_voto', () => {
    expect(isListedGrade(grade({ sottotitolo: 'grafico' }))).toBe(false);
    expect(isListedGrade(grade({ sottotitolo: '' }))).toBe(false);
    expect(isListedGrade(grade({ sottotitolo: 'grafico', is_voto: true }))).toBe(true);
  });

  it('does not list competence grades, even of a listed kind, unless flagged is_voto', () => {
    expect(isListedGrade(grade({ sottotitolo: 'orale', is_competenza: true }))).toBe(false);
    expect(isListedGrade(grade({ sottotitolo: 'competenza', is_competenza: true, is_voto: true }))).toBe(true);
  });
});

describe('listGrades', () => {
  it('keeps listed grades only, newest first, ties broken by id descending', () => {
    const grades = [
      grade({ id: 1, data: '2025-10-01' }),
      grade({ id: 2, data: '2025-11-15' }),
      grade({ id: 3, data: '2025-10-01' }),
      grade({ id: 4, data: '2025-12-01', sottotitolo: 'altro' }),
      grade({ id: 5, data: '2025-09-20', sottotitolo: 'altro', is_voto: true }),
      grade({ id: 6, data: '2026-01-10', is_competenza: true, sottotitolo: 'competenza' }),
    ];
    expect(listGrades(grades).map((g) => g.id)).toEqual([2, 3, 1, 5]);
  });

  it('does not mutate its input', () => {
    const grades = [grade({ id: 1, data: '2025-09-01' }), grade({ id: 2, data: '2025-10-01' })];
    listGrades(grades);
    expect(grades.map((g) => g.id)).toEqual([1, 2]);
  });

  it('returns an empty list for no grades', () => {
    expect(listGrades([])).toEqual([]);
  });
});

describe('averagePolicy', () => {
  it.each([
    ['SI', 'SI', { showAverages: true, weighted: true }],
    ['NO', 'SI', { showAverages: true, weighted: false }],
    ['SI', 'NO', { showAverages: false, weighted: false }],
    ['NO', 'NO', { showAverages: false, weighted: false }],
  ] as const)('voti_pesati %s, media_voti %s', (voti_pesati, media_voti, expected) => {
    expect(averagePolicy({ voti_pesati, media_voti })).toEqual(expected);
  });
});

describe('computeAverage', () => {
  const weighted = { showAverages: true, weighted: true };
  const arithmetic = { showAverages: true, weighted: false };

  it('is null when averages are not shown', () => {
    expect(computeAverage([grade({ voto_numerico: 8 })], { showAverages: false, weighted: false })).toBeNull();
  });

  it('is null when no grade has a numeric value', () => {
    expect(computeAverage([], weighted)).toBeNull();
    expect(computeAverage([grade({ voto_numerico: null }), grade({ voto_numerico: null })], weighted)).toBeNull();
  });

  it('weights by valore_peso when every numeric grade is weighted above 0', () => {
    const grades = [grade({ voto_numerico: 8, valore_peso: 100 }), grade({ voto_numerico: 5, valore_peso: 50 })];
    // (8·100 + 5·50) / 150 = 7
    expect(computeAverage(grades, weighted)).toEqual({ kind: 'weighted', value: 7 });
  });

  it('ignores grades without a numeric value when deciding and computing', () => {
    const grades = [
      grade({ voto_numerico: 6, valore_peso: 25 }),
      grade({ voto_numerico: 9, valore_peso: 75 }),
      grade({ voto_numerico: null, valore_peso: 0, voto_pesato: false }),
    ];
    expect(computeAverage(grades, weighted)).toEqual({ kind: 'weighted', value: 8.25 });
  });

  it('falls back to arithmetic when one grade has weight 0', () => {
    const grades = [grade({ voto_numerico: 8, valore_peso: 100 }), grade({ voto_numerico: 5, valore_peso: 0 })];
    expect(computeAverage(grades, weighted)).toEqual({ kind: 'arithmetic', value: 6.5 });
  });

  it('falls back to arithmetic when one grade is not voto_pesato', () => {
    const grades = [grade({ voto_numerico: 8, valore_peso: 100 }), grade({ voto_numerico: 5, valore_peso: 50, voto_pesato: false })];
    expect(computeAverage(grades, weighted)).toEqual({ kind: 'arithmetic', value: 6.5 });
  });

  it('is arithmetic when the school does not weight grades, whatever the weights', () => {
    const grades = [grade({ voto_numerico: 8, valore_peso: 100 }), grade({ voto_numerico: 5, valore_peso: 50 })];
    expect(computeAverage(grades, arithmetic)).toEqual({ kind: 'arithmetic', value: 6.5 });
  });

  it('rounds to two decimals', () => {
    const grades = [grade({ voto_numerico: 7 }), grade({ voto_numerico: 8 }), grade({ voto_numerico: 8 })];
    expect(computeAverage(grades, arithmetic)).toEqual({ kind: 'arithmetic', value: 7.67 });
    const halves = [grade({ voto_numerico: 6.25 }), grade({ voto_numerico: 6.76 })];
    // 6.505 rounds up despite binary floating point
    expect(computeAverage(halves, arithmetic)?.value).toBe(6.51);
  });

  it('leaves out competence-only grades, which are not listed', () => {
    const grades = [grade({ voto_numerico: 8 }), grade({ voto_numerico: 2, is_competenza: true, sottotitolo: 'competenza' })];
    expect(computeAverage(grades, arithmetic)).toEqual({ kind: 'arithmetic', value: 8 });
  });
});

describe('groupGradesBySubject', () => {
  const subjects = [
    { id: 10, descrizione: 'Matematica', ordinamento: 3 },
    { id: 20, descrizione: 'Italiano', ordinamento: 1 },
    { id: 30, descrizione: 'Storia', ordinamento: 2 },
    { id: 40, descrizione: 'Arte', ordinamento: 3 },
  ];

  it('groups in ordinamento order, omits subjects without grades and drops unknown subjects', () => {
    const grades = [
      grade({ id: 1, id_materia: 10 }),
      grade({ id: 2, id_materia: 20 }),
      grade({ id: 3, id_materia: 10 }),
      grade({ id: 4, id_materia: 99 }),
      grade({ id: 5, id_materia: 40 }),
    ];
    const groups = groupGradesBySubject(grades, subjects);
    expect(groups.map((g) => [g.subject.descrizione, g.grades.map((x) => x.id)])).toEqual([
      ['Italiano', [2]],
      ['Arte', [5]],
      ['Matematica', [1, 3]],
    ]);
  });

  it('returns nothing when there are no grades', () => {
    expect(groupGradesBySubject([], subjects)).toEqual([]);
  });
});

describe('periodOfDate', () => {
  const periods = [
    { numero: 2, periodo: '2° periodo', data_inizio: '2026-01-01', data_fine: '2026-06-10' },
    { numero: 1, periodo: '1° periodo', data_inizio: '2025-09-15', data_fine: '2025-12-31' },
  ];

  it('finds the period including its first and last day', () => {
    expect(periodOfDate('2025-09-15', periods)).toBe(1);
    expect(periodOfDate('2025-12-31', periods)).toBe(1);
    expect(periodOfDate('2026-01-01', periods)).toBe(2);
    expect(periodOfDate('2026-06-10', periods)).toBe(2);
  });

  it('is null outside every period', () => {
    expect(periodOfDate('2025-09-14', periods)).toBeNull();
    expect(periodOfDate('2026-06-11', periods)).toBeNull();
    expect(periodOfDate('2026-03-01', [])).toBeNull();
  });
});
