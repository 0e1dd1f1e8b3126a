import { isListedGrade, type AverageGrade, type AveragePolicy } from './grades';

/**
 * "Che voto mi serve": the grade needed on each of the coming grades to bring a subject's average
 * to a target. Same rule as the average (docs/product.md#grades): weighted only when the school weighs grades
 * and every grade so far has a weight above 0; otherwise arithmetic.
 */

export const MIN_GRADE = 1;
export const MAX_GRADE = 10;
export const MAX_COMING_GRADES = 10;
export const MAX_WEIGHT = 100;

export type SimulatorMode = 'weighted' | 'arithmetic';

/** What the user typed, kept as text so a wrong value stays in the field with its message. */
export interface SimulatorInput {
  target: string;
  count: string;
  /** Weight of each coming grade in percent; read only in weighted mode. */
  weight: string;
}

export type SimulatorFieldError = 'required' | 'notANumber' | 'notInteger' | 'outOfRange';

export interface SimulatorValues {
  target: number;
  count: number;
  weight: number;
}

export type SimulatorParse =
  | { ok: true; values: SimulatorValues }
  | { ok: false; errors: Partial<Record<keyof SimulatorInput, SimulatorFieldError>> };

export type SimulatorResult =
  /** The average reaches the target when every coming grade is `grade`. */
  | { kind: 'needed'; grade: number }
  /** Even 10 on each coming grade would not be enough; `grade` is what it would take. */
  | { kind: 'impossible'; grade: number }
  /** The average is already at or above the target; `grade` keeps it there (null: any grade does). */
  | { kind: 'reached'; grade: number | null };

/** Weighted or arithmetic for these grades, or null when the school shows no averages. */
export function simulatorMode(grades: readonly AverageGrade[], policy: AveragePolicy): SimulatorMode | null {
  if (!policy.showAverages) return null;
  if (!policy.weighted) return 'arithmetic';
  return numericGrades(grades).every((g) => g.voto_pesato && g.valore_peso > 0) ? 'weighted' : 'arithmetic';
}

const DECIMAL = /^\d+(?:[.,]\d+)?$/;

function parseNumber(text: string): number | SimulatorFieldError {
  const s = text.trim();
  if (s === '') return 'required';
  if (!DECIMAL.test(s)) return 'notANumber';
  return Number(s.replace(',', '.'));
}

/** Checks the three fields; decimals may use a comma, as Italians write them. */
export function parseSimulatorInput(input: SimulatorInput, mode: SimulatorMode): SimulatorParse {
  const errors: Partial<Record<keyof SimulatorInput, SimulatorFieldError>> = {};

  const target = parseNumber(input.target);
  if (typeof target !== 'number') errors.target = target;
  else if (target < MIN_GRADE || target > MAX_GRADE) errors.target = 'outOfRange';

  const count = parseNumber(input.count);
  if (typeof count !== 'number') errors.count = count;
  else if (!Number.isInteger(count)) errors.count = 'notInteger';
  else if (count < 1 || count > MAX_COMING_GRADES) errors.count = 'outOfRange';

  let weight = MAX_WEIGHT;
  if (mode === 'weighted') {
    const parsed = parseNumber(input.weight);
    if (typeof parsed !== 'number') errors.weight = parsed;
    else if (parsed <= 0 || parsed > MAX_WEIGHT) errors.weight = 'outOfRange';
    else weight = parsed;
  }

  if (Object.keys(errors).length > 0 || typeof target !== 'number' || typeof count !== 'number') return { ok: false, errors };
  return { ok: true, values: { target, count, weight } };
}

function numericGrades(grades: readonly AverageGrade[]) {
  return grades.filter(
    (g): g is AverageGrade & { voto_numerico: number } =>
      isListedGrade(g) && typeof g.voto_numerico === 'number' && Number.isFinite(g.voto_numerico),
  );
}

/** Rounded up to the hundredth: the grade shown must be enough, never just short of it. */
function ceilTo2(n: number): number {
  return Math.ceil(Math.round(n * 1e6) / 1e4) / 100;
}

/**
 * The grade x that each of `count` coming grades needs so that the average equals the target:
 * arithmetic (S + k·x) / (n + k) = t, weighted (Σv·p + k·w·x) / (Σp + k·w) = t.
 */
export function requiredGrade(grades: readonly AverageGrade[], mode: SimulatorMode, values: SimulatorValues): SimulatorResult {
  const numeric = numericGrades(grades);
  const weightOf = (g: { valore_peso: number }) => (mode === 'weighted' ? g.valore_peso : 1);
  const comingWeight = mode === 'weighted' ? values.weight : 1;

  const sum = numeric.reduce((acc, g) => acc + g.voto_numerico * weightOf(g), 0);
  const weights = numeric.reduce((acc, g) => acc + weightOf(g), 0);
  const coming = values.count * comingWeight;
  const needed = (values.target * (weights + coming) - sum) / coming;
  const grade = ceilTo2(needed);

  if (weights > 0 && sum / weights >= values.target) {
    return { kind: 'reached', grade: grade <= MIN_GRADE ? null : grade };
  }
  if (grade > MAX_GRADE) return { kind: 'impossible', grade };
  return { kind: 'needed', grade: Math.max(MIN_GRADE, grade) };
}
