import { Temporal } from './temporal';
import { periodOfItemDate, type PeriodLike } from './periods';
import { sortSubjects, type SubjectLike } from './subjects';

/** The grade fields the listing and average rules read (structurally a subset of the contract's Grade). */
export interface GradeLike {
  id: number;
  id_materia: number;
  /** YYYY-MM-DD */
  data: string;
  sottotitolo: string;
  voto_numerico: number | null;
  valore_peso: number;
  voto_pesato: boolean;
  is_voto: boolean;
  is_competenza: boolean;
}

export type ListableGrade = Pick<GradeLike, 'sottotitolo' | 'is_voto' | 'is_competenza'>;
export type AverageGrade = Pick<GradeLike, 'sottotitolo' | 'is_voto' | 'is_competenza' | 'voto_numerico' | 'valore_peso' | 'voto_pesato'>;

export type YesNo = 'SI' | 'NO';

export interface AveragePolicy {
  showAverages: boolean;
  weighted: boolean;
}

export interface Average {
  kind: 'weighted' | 'arithmetic';
  value: number;
}

const LISTED_KINDS = new Set(['scritto', 'orale', 'pratico']);

/** docs/product.md#grades: only scritto, orale, pratico or school-flagged (is_voto) grades are listed; bare competences never. */
export function isListedGrade(g: ListableGrade): boolean {
  if (g.is_voto) return true;
  if (g.is_competenza) return false;
  return LISTED_KINDS.has(g.sottotitolo.trim().toLowerCase());
}

/** Listed grades, newest first (data descending, then id descending). Returns a new array. */
export function listGrades<G extends ListableGrade & Pick<GradeLike, 'id' | 'data'>>(grades: readonly G[]): G[] {
  return grades.filter(isListedGrade).sort((a, b) => {
    const byDate = Temporal.PlainDate.compare(Temporal.PlainDate.from(b.data), Temporal.PlainDate.from(a.data));
    return byDate !== 0 ? byDate : b.id - a.id;
  });
}

/**
 * docs/product.md#grades: averages need media_voti SI; weighted averages need voti_pesati SI as well.
 * A user who chose to hide averages (docs/product.md#preferences) sees none, whatever the school allows.
 */
export function averagePolicy(info: { voti_pesati: boolean; media_voti: boolean }, hiddenByUser = false): AveragePolicy {
  const showAverages = info.media_voti && !hiddenByUser;
  return { showAverages, weighted: showAverages && info.voti_pesati };
}

function roundTo2(n: number): number {
  return Math.round((n + Number.EPSILON) * 100) / 100;
}

/**
 * Average of the listed grades that carry a numeric value. Weighted only when the school allows it
 * and every such grade is weighted with a weight above 0 (docs/product.md#grades); otherwise arithmetic.
 * Competence-only grades are left out because they are not listed beside the average.
 */
export function computeAverage(grades: readonly AverageGrade[], policy: AveragePolicy): Average | null {
  if (!policy.showAverages) return null;
  const numeric = grades.filter(
    (g): g is AverageGrade & { voto_numerico: number } =>
      isListedGrade(g) && typeof g.voto_numerico === 'number' && Number.isFinite(g.voto_numerico),
  );
  if (numeric.length === 0) return null;

  const canWeight = policy.weighted && numeric.every((g) => g.voto_pesato && g.valore_peso > 0);
  if (canWeight) {
    let sum = 0;
    let weights = 0;
    for (const g of numeric) {
      sum += g.voto_numerico * g.valore_peso;
      weights += g.valore_peso;
    }
    return { kind: 'weighted', value: roundTo2(sum / weights) };
  }
  const sum = numeric.reduce((acc, g) => acc + g.voto_numerico, 0);
  return { kind: 'arithmetic', value: roundTo2(sum / numeric.length) };
}

export interface SubjectGrades<S, G> {
  subject: S;
  grades: G[];
}

/**
 * Grades grouped by subject, subjects in ordinamento order; subjects without grades are omitted and
 * grades of unknown subjects are dropped. Grades keep the order they come in.
 */
export function groupGradesBySubject<G extends Pick<GradeLike, 'id_materia'>, S extends SubjectLike>(
  grades: readonly G[],
  subjects: readonly S[],
): SubjectGrades<S, G>[] {
  const bySubject = new Map<number, G[]>();
  for (const g of grades) {
    const list = bySubject.get(g.id_materia);
    if (list) list.push(g);
    else bySubject.set(g.id_materia, [g]);
  }
  const groups: SubjectGrades<S, G>[] = [];
  for (const subject of sortSubjects(subjects)) {
    const list = bySubject.get(subject.id);
    if (!list) continue;
    groups.push({ subject, grades: list });
    // a subject listed twice must not show its grades twice
    bySubject.delete(subject.id);
  }
  return groups;
}

/** The numero of the period whose days (inclusive) contain the date, or null. */
export function periodOfDate(date: string, periods: readonly PeriodLike[]): number | null {
  return periodOfItemDate(date, periods)?.numero ?? null;
}

/** The listed grades of one period (by date); null stands for the whole year. */
export function gradesOfPeriod<G extends Pick<GradeLike, 'data'>>(
  grades: readonly G[],
  periods: readonly PeriodLike[],
  numero: number | null,
): G[] {
  return numero === null ? [...grades] : grades.filter((g) => periodOfDate(g.data, periods) === numero);
}

export interface SubjectAverages<S> {
  subject: S;
  /** Average per period numero (null where the subject has no numeric grade there). */
  byPeriod: Map<number, Average | null>;
  year: Average | null;
}

export interface AverageSummary<S> {
  rows: SubjectAverages<S>[];
  /** All the subjects' grades of a period together, by the same rule (docs/product.md#grades). */
  overallByPeriod: Map<number, Average | null>;
  overallYear: Average | null;
}

/**
 * Per-subject and per-period averages and the overall average of each period and of the year.
 * The overall average puts every listed grade of the period together under the same rule as a
 * subject's: weighted only if all of them can be weighted, else arithmetic. Null when averages are off.
 */
export function averageSummary<G extends AverageGrade & Pick<GradeLike, 'id_materia' | 'data'>, S extends SubjectLike>(
  grades: readonly G[],
  subjects: readonly S[],
  periods: readonly PeriodLike[],
  policy: AveragePolicy,
): AverageSummary<S> | null {
  if (!policy.showAverages) return null;
  const listed = grades.filter(isListedGrade);
  const byPeriod = (list: readonly G[]) =>
    new Map(periods.map((p) => [p.numero, computeAverage(gradesOfPeriod(list, periods, p.numero), policy)] as const));
  const rows = groupGradesBySubject(listed, subjects)
    .map(({ subject, grades: own }) => ({ subject, byPeriod: byPeriod(own), year: computeAverage(own, policy) }))
    .filter((row) => row.year !== null);
  return { rows, overallByPeriod: byPeriod(listed), overallYear: computeAverage(listed, policy) };
}

/** A competence grade as the contract gives it: a description and the level reached on each dimension. */
export interface CompetenceLike {
  descrizione: string;
  dimensioni: { descrizione: string; livello: string }[];
}

export type CompetenceGrade<G> = G & { competenza: CompetenceLike };

/** Competence grades (is_competenza with a competenza), newest first. */
export function listCompetenceGrades<G extends Pick<GradeLike, 'id' | 'data' | 'is_competenza'> & { competenza?: CompetenceLike }>(
  grades: readonly G[],
): CompetenceGrade<G>[] {
  return grades
    .filter((g): g is CompetenceGrade<G> => g.is_competenza && g.competenza !== undefined && g.competenza !== null)
    .sort((a, b) => Temporal.PlainDate.compare(Temporal.PlainDate.from(b.data), Temporal.PlainDate.from(a.data)) || b.id - a.id);
}

/** Competence grades by subject (subjects in ordinamento order, each subject's newest first). */
export function groupCompetencesBySubject<
  G extends Pick<GradeLike, 'id' | 'data' | 'id_materia' | 'is_competenza'> & { competenza?: CompetenceLike },
  S extends SubjectLike,
>(grades: readonly G[], subjects: readonly S[]): SubjectGrades<S, CompetenceGrade<G>>[] {
  return groupGradesBySubject(listCompetenceGrades(grades), subjects);
}

/** The chart's months: September to June (docs/product.md#grades: month labels run from Set to Giu). */
export const CHART_MONTHS = 10;

export interface ChartPoint<G> {
  grade: G;
  /** 0 (1 September) … 1 (end of June), by day. */
  x: number;
  /** 0 (top, grade 10) … 1 (bottom, grade 0). */
  y: number;
}

export const GRADE_SCALE_MAX = 10;

/**
 * Where each numeric grade sits on a September-to-June chart, both axes normalised to 0…1 (the
 * component scales them to pixels). Grades outside the school year or without a number are left
 * out; points come oldest first so the line runs left to right.
 */
export function chartPoints<G extends Pick<GradeLike, 'id' | 'data' | 'voto_numerico'>>(
  grades: readonly G[],
  yearStart: Temporal.PlainDate,
): ChartPoint<G>[] {
  const first = epochDay(yearStart);
  const span = epochDay(yearStart.add({ months: CHART_MONTHS })) - first;
  return grades
    .filter((g): g is G & { voto_numerico: number } => typeof g.voto_numerico === 'number' && Number.isFinite(g.voto_numerico))
    .map((grade) => ({ grade, offset: epochDay(Temporal.PlainDate.from(grade.data)) - first }))
    .filter(({ offset }) => offset >= 0 && offset < span)
    .sort((a, b) => a.offset - b.offset || a.grade.id - b.grade.id)
    .map(({ grade, offset }) => ({
      grade,
      x: offset / span,
      y: 1 - Math.min(GRADE_SCALE_MAX, Math.max(0, grade.voto_numerico)) / GRADE_SCALE_MAX,
    }));
}

/**
 * Days since 1970-01-01 of a calendar day: plain arithmetic for the chart, which places every grade
 * of every subject on each render, where Temporal's `until` was a visible share of /voti's scripting (README "Budgets").
 */
function epochDay(d: Temporal.PlainDate): number {
  return Date.UTC(d.year, d.month - 1, d.day) / 86_400_000;
}

/** Where each month starts on the chart's x axis (0…1), September first. */
export function chartMonthTicks(yearStart: Temporal.PlainDate): { month: number; x: number }[] {
  const first = epochDay(yearStart);
  const span = epochDay(yearStart.add({ months: CHART_MONTHS })) - first;
  return Array.from({ length: CHART_MONTHS }, (_, i) => {
    const start = yearStart.add({ months: i });
    return { month: start.month, x: (epochDay(start) - first) / span };
  });
}
