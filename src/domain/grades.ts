import { Temporal } from 'temporal-polyfill';
import { currentPeriod, type PeriodLike } from './periods';
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

/** Spec §5: only scritto, orale, pratico or school-flagged (is_voto) grades are listed; bare competences never. */
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

/** Spec §6: averages need media_voti SI; weighted averages need voti_pesati SI as well. */
export function averagePolicy(info: { voti_pesati: YesNo; media_voti: YesNo }): AveragePolicy {
  const showAverages = info.media_voti === 'SI';
  return { showAverages, weighted: showAverages && info.voti_pesati === 'SI' };
}

function roundTo2(n: number): number {
  return Math.round((n + Number.EPSILON) * 100) / 100;
}

/**
 * Average of the listed grades that carry a numeric value. Weighted only when the school allows it
 * and every such grade is weighted with a weight above 0 (spec §5); otherwise arithmetic.
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
  return currentPeriod(Temporal.PlainDate.from(date), periods)?.numero ?? null;
}
