import { Temporal } from './temporal';
import { sortSubjects, type SubjectLike } from './subjects';

/** Homework rules (docs/product.md#lessons-and-agenda: only upcoming homework shows unless "show all" is chosen). */

export interface HomeworkLike {
  id: number;
  /** Day it was assigned. */
  data: string;
  /** Day it is due. */
  data_consegna: string;
  id_materia: number;
}

const due = (h: HomeworkLike) => Temporal.PlainDate.from(h.data_consegna);

/** Due today or later: homework due today is still to be handed in. */
export function isUpcoming(h: HomeworkLike, today: Temporal.PlainDate): boolean {
  return Temporal.PlainDate.compare(due(h), today) >= 0;
}

export function upcomingHomework<H extends HomeworkLike>(items: readonly H[], today: Temporal.PlainDate): H[] {
  return items.filter((h) => isUpcoming(h, today));
}

/**
 * 'soonest': the next due first (the upcoming list); 'latest': the last due first (the whole year,
 * where the most recent matters most). Ties by day assigned, then id, in the same direction.
 */
export type HomeworkOrder = 'soonest' | 'latest';

export function sortHomework<H extends HomeworkLike>(items: readonly H[], order: HomeworkOrder): H[] {
  const sign = order === 'soonest' ? 1 : -1;
  return [...items].sort(
    (a, b) =>
      sign *
      (Temporal.PlainDate.compare(due(a), due(b)) ||
        Temporal.PlainDate.compare(Temporal.PlainDate.from(a.data), Temporal.PlainDate.from(b.data)) ||
        a.id - b.id),
  );
}

export interface HomeworkSubjectGroup<H, S> {
  id_materia: number;
  /** Null when the subject is not (or no longer) in the student's subjects. */
  subject: S | null;
  items: H[];
}

export interface HomeworkDay<H, S> {
  /** Due date, YYYY-MM-DD. */
  date: string;
  subjects: HomeworkSubjectGroup<H, S>[];
}

/**
 * Homework by due day (in the given order) and, within a day, by subject in the school's subject
 * order; homework of an unknown subject comes last. Items keep their relative order.
 */
export function groupHomeworkByDay<H extends HomeworkLike, S extends SubjectLike>(
  items: readonly H[],
  subjects: readonly S[],
  order: HomeworkOrder,
): HomeworkDay<H, S>[] {
  const rank = new Map(sortSubjects(subjects).map((s, i) => [s.id, i]));
  const byId = new Map(subjects.map((s) => [s.id, s]));
  const days: HomeworkDay<H, S>[] = [];
  for (const h of sortHomework(items, order)) {
    let day = days.at(-1);
    if (!day || day.date !== h.data_consegna) {
      day = { date: h.data_consegna, subjects: [] };
      days.push(day);
    }
    let group = day.subjects.find((g) => g.id_materia === h.id_materia);
    if (!group) {
      group = { id_materia: h.id_materia, subject: byId.get(h.id_materia) ?? null, items: [] };
      day.subjects.push(group);
    }
    group.items.push(h);
  }
  const unknown = Number.MAX_SAFE_INTEGER;
  for (const day of days) {
    day.subjects.sort(
      (a, b) => (rank.get(a.id_materia) ?? unknown) - (rank.get(b.id_materia) ?? unknown) || a.id_materia - b.id_materia,
    );
  }
  return days;
}
