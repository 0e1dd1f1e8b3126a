import { describe, expect, it } from 'vitest';
import { Temporal } from './temporal';
import {
  averagePolicy,
  averageSummary,
  chartMonthTicks,
  chartPoints,
  computeAverage,
  gradesOfPeriod,
  groupCompetencesBySubject,
  groupGradesBySubject,
  listCompetenceGrades,
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
    [true, true, { showAverages: true, weighted: true }],
    [false, true, { showAverages: true, weighted: false }],
    [true, false, { showAverages: false, weighted: false }],
    [false, false, { showAverages: false, weighted: false }],
  ] as const)('voti_pesati %s, media_voti %s', (voti_pesati, media_voti, expected) => {
    expect(averagePolicy({ voti_pesati, media_voti })).toEqual(expected);
  });
  it('shows none when the user chose to hide averages, whatever the school allows', () => {
    expect(averagePolicy({ voti_pesati: true, media_voti: true }, true)).toEqual({ showAverages: false, weighted: false });
    expect(averagePolicy({ voti_pesati: true, media_voti: true }, false)).toEqual({ showAverages: true, weighted: true });
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

describe('gradesOfPeriod and averageSummary', () => {
  const periods = [
    { numero: 1, data_inizio: '2025-09-15', data_fine: '2025-12-22' },
    { numero: 2, data_inizio: '2026-01-07', data_fine: '2026-06-08' },
  ];
  const subjects = [
    { id: 10, descrizione: 'Matematica', ordinamento: 2 },
    { id: 20, descrizione: 'Italiano', ordinamento: 1 },
    { id: 30, descrizione: 'Latino', ordinamento: 3 },
  ];
  const grades = [
    grade({ id: 1, id_materia: 10, data: '2025-10-01', voto_numerico: 6, valore_peso: 100 }),
    grade({ id: 2, id_materia: 10, data: '2025-11-01', voto_numerico: 9, valore_peso: 50 }),
    grade({ id: 3, id_materia: 10, data: '2026-02-01', voto_numerico: 8, valore_peso: 100 }),
    grade({ id: 4, id_materia: 20, data: '2025-10-10', voto_numerico: 7, valore_peso: 100 }),
    grade({ id: 5, id_materia: 20, data: '2026-03-10', voto_numerico: 5, valore_peso: 0 }),
    grade({ id: 6, id_materia: 30, data: '2025-10-10', voto_numerico: null, sottotitolo: 'orale' }),
    grade({ id: 7, id_materia: 10, data: '2025-10-20', voto_numerico: 2, is_competenza: true, sottotitolo: 'competenza' }),
  ];

  it('picks the grades of one period by date, or all for the year', () => {
    expect(gradesOfPeriod(grades, periods, 1).map((g) => g.id)).toEqual([1, 2, 4, 6, 7]);
    expect(gradesOfPeriod(grades, periods, 2).map((g) => g.id)).toEqual([3, 5]);
    expect(gradesOfPeriod(grades, periods, null)).toHaveLength(grades.length);
  });

  it('is null when the school shows no averages', () => {
    expect(averageSummary(grades, subjects, periods, averagePolicy({ media_voti: false, voti_pesati: true }))).toBeNull();
  });

  it('averages each subject per period and over the year, weighted where every grade has a weight', () => {
    const summary = averageSummary(grades, subjects, periods, averagePolicy({ media_voti: true, voti_pesati: true }))!;
    // subjects in ordinamento order; Latino has no numeric grade and is left out; competences never count
    expect(summary.rows.map((r) => r.subject.descrizione)).toEqual(['Italiano', 'Matematica']);
    const [italiano, matematica] = summary.rows;
    expect(matematica!.byPeriod.get(1)).toEqual({ kind: 'weighted', value: 7 }); // (6·100 + 9·50) / 150
    expect(matematica!.byPeriod.get(2)).toEqual({ kind: 'weighted', value: 8 });
    expect(matematica!.year).toEqual({ kind: 'weighted', value: 7.4 }); // (600 + 450 + 800) / 250
    expect(italiano!.byPeriod.get(1)).toEqual({ kind: 'weighted', value: 7 });
    // a grade of weight 0: the average falls back to arithmetic (docs/product.md#grades)
    expect(italiano!.byPeriod.get(2)).toEqual({ kind: 'arithmetic', value: 5 });
    expect(italiano!.year).toEqual({ kind: 'arithmetic', value: 6 });
  });

  it('gives the overall average of each period and of the year by the same rule', () => {
    const summary = averageSummary(grades, subjects, periods, averagePolicy({ media_voti: true, voti_pesati: true }))!;
    expect(summary.overallByPeriod.get(1)).toEqual({ kind: 'weighted', value: 7 }); // (600 + 450 + 700) / 250
    expect(summary.overallByPeriod.get(2)).toEqual({ kind: 'arithmetic', value: 6.5 }); // 8 and 5 (weight 0)
    expect(summary.overallYear).toEqual({ kind: 'arithmetic', value: 7 }); // (6 + 9 + 8 + 7 + 5) / 5
  });

  it('is arithmetic everywhere when the school does not weigh grades', () => {
    const summary = averageSummary(grades, subjects, periods, averagePolicy({ media_voti: true, voti_pesati: false }))!;
    expect(summary.rows[1]!.byPeriod.get(1)).toEqual({ kind: 'arithmetic', value: 7.5 });
    expect(summary.overallByPeriod.get(1)).toEqual({ kind: 'arithmetic', value: 7.33 });
  });
});

describe('competence grades', () => {
  const competenza = { descrizione: 'Competenza matematica', dimensioni: [{ descrizione: 'Argomentazione', livello: 'Base' }] };
  const subjects = [
    { id: 10, descrizione: 'Matematica', ordinamento: 2 },
    { id: 20, descrizione: 'Italiano', ordinamento: 1 },
  ];
  const grades = [
    { ...grade({ id: 1, id_materia: 10, data: '2025-10-01', is_competenza: true, sottotitolo: 'competenza' }), competenza },
    { ...grade({ id: 2, id_materia: 20, data: '2025-11-01', is_competenza: true, sottotitolo: 'competenza' }), competenza },
    { ...grade({ id: 3, id_materia: 10, data: '2025-12-01', is_competenza: true, sottotitolo: 'competenza' }), competenza },
    grade({ id: 4, id_materia: 10, data: '2025-12-02' }),
    // flagged as a competence but without its description: nothing to show
    grade({ id: 5, id_materia: 10, data: '2025-12-03', is_competenza: true }),
  ];

  it('lists only competence grades with their competence, newest first', () => {
    expect(listCompetenceGrades(grades).map((g) => g.id)).toEqual([3, 2, 1]);
  });

  it('groups them by subject in ordinamento order', () => {
    const groups = groupCompetencesBySubject(grades, subjects);
    expect(groups.map((g) => [g.subject.descrizione, g.grades.map((x) => x.id)])).toEqual([
      ['Italiano', [2]],
      ['Matematica', [3, 1]],
    ]);
  });

  it('is empty when there are none', () => {
    expect(groupCompetencesBySubject([grade()], subjects)).toEqual([]);
  });
});

describe('chart scaling', () => {
  const start = Temporal.PlainDate.from('2025-09-01');

  it('puts 1 September at x 0, 1 July at the far end, and grade 10 at the top', () => {
    const points = chartPoints(
      [
        grade({ id: 2, data: '2026-06-30', voto_numerico: 0 }),
        grade({ id: 1, data: '2025-09-01', voto_numerico: 10 }),
        grade({ id: 3, data: '2026-01-31', voto_numerico: 6 }),
      ],
      start,
    );
    expect(points.map((p) => p.grade.id)).toEqual([1, 3, 2]);
    expect(points[0]).toMatchObject({ x: 0, y: 0 });
    expect(points[1]!.x).toBeCloseTo(152 / 303);
    expect(points[1]!.y).toBeCloseTo(0.4);
    expect(points[2]!.x).toBeCloseTo(302 / 303);
    expect(points[2]!.y).toBe(1);
  });

  it('leaves out grades without a number and outside September–June', () => {
    const points = chartPoints(
      [
        grade({ id: 1, data: '2025-10-01', voto_numerico: null }),
        grade({ id: 2, data: '2025-08-31', voto_numerico: 7 }),
        grade({ id: 3, data: '2026-07-01', voto_numerico: 7 }),
      ],
      start,
    );
    expect(points).toEqual([]);
  });

  it('has ten month ticks from Set to Giu', () => {
    const ticks = chartMonthTicks(start);
    expect(ticks.map((t) => t.month)).toEqual([9, 10, 11, 12, 1, 2, 3, 4, 5, 6]);
    expect(ticks[0]!.x).toBe(0);
    expect(ticks[1]!.x).toBeCloseTo(30 / 303);
  });
});
