import { Temporal } from './temporal';
import { byDateDesc, type Dated } from './dated';
import { periodOfItemDate, type PeriodLike } from './periods';

/**
 * Rules of the annotation, note and report screens and of Home's "Oggi" summary: ordering,
 * filtering by subject and period, and which items count as today's, upcoming or new.
 */

export interface TagLike {
  codice: string;
  ordinamento: number;
}

/** A note's tags by ordinamento (then codice), as the school set them up. Returns a new array. */
export function sortTags<T extends TagLike>(tags: readonly T[]): T[] {
  return [...tags].sort((a, b) => a.ordinamento - b.ordinamento || a.codice.localeCompare(b.codice, 'it'));
}


export interface ItemFilter {
  /** null: every subject */
  subject: number | null;
  /** Period numero; null: the whole year */
  period: number | null;
}

export const NO_FILTER: ItemFilter = { subject: null, period: null };

/** Items of the chosen subject and period (by date; a period's days are inclusive). */
export function filterBySubjectAndPeriod<T extends Dated & { id_materia?: number | null }>(
  items: readonly T[],
  filter: ItemFilter,
  periods: readonly PeriodLike[],
): T[] {
  return items.filter(
    (item) =>
      (filter.subject === null || item.id_materia === filter.subject) &&
      (filter.period === null || periodOfItemDate(item.data, periods)?.numero === filter.period),
  );
}

/** The subject ids that occur in the items, to offer only subjects with something to show. */
export function subjectIdsOf(items: readonly { id_materia?: number | null }[]): Set<number> {
  const ids = new Set<number>();
  for (const item of items) if (typeof item.id_materia === 'number') ids.add(item.id_materia);
  return ids;
}

/** Items the school marks as new since the last visit: what the sidebar badge counts (aggiornamenti). */
export function newItems<T extends { novita: boolean }>(items: readonly T[]): T[] {
  return items.filter((i) => i.novita);
}

const inRange = (date: Temporal.PlainDate, from: Temporal.PlainDate, to: Temporal.PlainDate) =>
  Temporal.PlainDate.compare(from, date) <= 0 && Temporal.PlainDate.compare(date, to) <= 0;

/** Home: homework due today or tomorrow, by due date. */
export function homeworkDueSoon<T extends { id: number; data_consegna: string }>(items: readonly T[], today: Temporal.PlainDate): T[] {
  const tomorrow = today.add({ days: 1 });
  return items
    .filter((h) => inRange(Temporal.PlainDate.from(h.data_consegna), today, tomorrow))
    .sort((a, b) => Temporal.PlainDate.compare(Temporal.PlainDate.from(a.data_consegna), Temporal.PlainDate.from(b.data_consegna)) || a.id - b.id);
}

export const UPCOMING_TESTS_DAYS = 7;

/** Home: tests from today to 7 days ahead (inclusive), soonest first. */
export function upcomingTests<T extends Dated & { id: number }>(items: readonly T[], today: Temporal.PlainDate, days = UPCOMING_TESTS_DAYS): T[] {
  const last = today.add({ days });
  return items
    .filter((t) => inRange(Temporal.PlainDate.from(t.data), today, last))
    .sort((a, b) => -byDateDesc(a, b) || a.id - b.id);
}
