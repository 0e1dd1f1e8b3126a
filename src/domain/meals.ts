/**
 * School meals (docs/product.md#meals): a day's menu with its booking deadline, the consumed meals and the
 * meal credit. Pure rules, no fetch, no React.
 */

/** The "no meal" service code (docs/product.md#meals). */
export const NO_MEAL = '--';

export interface MealService {
  codice: string;
  descrizione: string;
  selezionato: boolean;
}

export interface MealDay {
  id: number;
  /** YYYY-MM-DD */
  data: string;
  /** Booking deadline, ISO 8601 with offset. */
  scadenza: string;
  prenotabile: boolean;
  descrizione: string;
  id_pasto_precedente: number | null;
  id_pasto_successivo: number | null;
  servizi: MealService[];
}

export interface MealSummary {
  pasti_consumati: number;
  credito_residuo: number;
  soglia_credito: number | null;
  allarme_credito_residuo: boolean;
  pasto_corrente: MealDay | null;
}

export interface MealCreditMovement {
  data: string;
  descrizione: string;
  importo: number;
  /** A = top-up (avere), D = a meal (dare). */
  segno: 'A' | 'D';
}

export interface MealCredit {
  credito_residuo: number;
  soglia_credito: number | null;
  allarme_credito_residuo: boolean;
  costo_pasto: number | null;
  movimenti: MealCreditMovement[];
}

export interface ConsumedMeal {
  id: number;
  data: string;
  descrizione: string;
  codice: string;
  servizio: string;
  costo: number;
}

/**
 * The code shown as chosen: the one the server marks, else "no meal" (docs/product.md#meals: with nothing
 * selected the no-meal option is selected by default). Several marked is a backend oddity: the
 * first one counts, so the radio group still shows exactly one choice.
 */
export function selectedMeal(day: Pick<MealDay, 'servizi'>): string {
  return day.servizi.find((s) => s.selezionato)?.codice ?? NO_MEAL;
}

/** The day's choices with "no meal" always among them (first), so it can be chosen back. */
export function mealChoices(day: Pick<MealDay, 'servizi'>): Array<Pick<MealService, 'codice' | 'descrizione'>> {
  const others = day.servizi.filter((s) => s.codice !== NO_MEAL);
  const none = day.servizi.find((s) => s.codice === NO_MEAL);
  return [{ codice: NO_MEAL, descrizione: none?.descrizione ?? '' }, ...others];
}

/** docs/product.md#meals: a meal can be booked only while `scadenza` is in the future (and the server agrees). */
export function isMealBookable(day: Pick<MealDay, 'scadenza' | 'prenotabile'>, nowMs: number): boolean {
  const deadline = Date.parse(day.scadenza);
  return day.prenotabile && Number.isFinite(deadline) && deadline > nowMs;
}

/** Consumed meals newest first, grouped by month (YYYY-MM), the months newest first too. */
export function mealsByMonth<T extends { data: string }>(meals: readonly T[]): Array<{ month: string; meals: T[] }> {
  const sorted = [...meals].sort((a, b) => b.data.localeCompare(a.data));
  const groups: Array<{ month: string; meals: T[] }> = [];
  for (const m of sorted) {
    const month = m.data.slice(0, 7);
    const last = groups.at(-1);
    if (last?.month === month) last.meals.push(m);
    else groups.push({ month, meals: [m] });
  }
  return groups;
}

/** A movement as a signed amount: top-ups add, meals take away. */
export const signedAmount = (m: Pick<MealCreditMovement, 'importo' | 'segno'>): number => (m.segno === 'A' ? m.importo : -m.importo);
