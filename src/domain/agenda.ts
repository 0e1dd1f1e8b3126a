import { Temporal } from './temporal';
import { newestFirst } from './dated';
import type { DayRange } from './isoDate';
import type { SchoolWeek } from './periods';
import { SCHOOL_TIME_ZONE } from './timeZone';
import { sortSubjects, type SubjectLike } from './subjects';

/**
 * Dates of the teaching screens: inclusive date ranges chosen by the user, the school week shown by
 * the agenda (Monday to Sunday, docs/product.md#lessons-and-agenda) and what falls on each of its days.
 */


const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD, or null (2026-02-30 and 20261120 are not). */
export function parseIsoDate(value: unknown): Temporal.PlainDate | null {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return null;
  try {
    return Temporal.PlainDate.from(value, { overflow: 'reject' });
  } catch {
    return null;
  }
}

/** Whether an ISO date lies in the range, ends included. */
/** A missing end of the range is open. */
export function isWithin(date: string, range: Partial<DayRange>): boolean {
  const d = Temporal.PlainDate.from(date);
  if (range.from && Temporal.PlainDate.compare(d, Temporal.PlainDate.from(range.from)) < 0) return false;
  if (range.to && Temporal.PlainDate.compare(d, Temporal.PlainDate.from(range.to)) > 0) return false;
  return true;
}

/** Items of one subject (or all, when none is chosen) whose `data` lies in the range. */
export function filterBySubjectAndRange<T extends { data: string; id_materia: number | null }>(
  items: readonly T[],
  filter: { range?: Partial<DayRange>; subjectId?: number },
): T[] {
  return items.filter(
    (item) =>
      (filter.subjectId === undefined || item.id_materia === filter.subjectId) &&
      (!filter.range || isWithin(item.data, filter.range)),
  );
}

export interface SubjectGroup<T, S> {
  id_materia: number;
  /** Null when the subject is not (or no longer) among the student's subjects. */
  subject: S | null;
  items: T[];
}

/** Items by subject in the school's subject order, items keeping their order; unknown subjects last. */
export function groupBySubject<T extends { id_materia: number }, S extends SubjectLike>(
  items: readonly T[],
  subjects: readonly S[],
): SubjectGroup<T, S>[] {
  const groups = new Map<number, T[]>();
  for (const item of items) groups.set(item.id_materia, [...(groups.get(item.id_materia) ?? []), item]);
  const known: SubjectGroup<T, S>[] = [];
  for (const s of sortSubjects(subjects)) {
    const list = groups.get(s.id);
    if (!list) continue;
    known.push({ id_materia: s.id, subject: s, items: list });
    // A subject listed twice must not show its items twice.
    groups.delete(s.id);
  }
  const unknown = [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id_materia, list]) => ({ id_materia, subject: null, items: list }));
  return [...known, ...unknown];
}

/** Tests from today on, soonest first; then those already done, latest first. */
export function testsUpcomingFirst<T extends { data: string; id: number }>(
  tests: readonly T[],
  today: Temporal.PlainDate,
): { upcoming: T[]; past: T[] } {
  const isUpcoming = (t: T) => Temporal.PlainDate.compare(Temporal.PlainDate.from(t.data), today) >= 0;
  const upcoming = [...tests.filter(isUpcoming)].sort(
    (a, b) => Temporal.PlainDate.compare(Temporal.PlainDate.from(a.data), Temporal.PlainDate.from(b.data)) || a.id - b.id,
  );
  return { upcoming, past: newestFirst(tests.filter((t) => !isUpcoming(t))) };
}

/** The Monday-to-Sunday week that holds the date. */
export function weekOf(date: Temporal.PlainDate): SchoolWeek {
  const start = date.subtract({ days: date.dayOfWeek - 1 });
  return { start, end: start.add({ days: 6 }) };
}

/** The week `weeks` weeks after (negative: before) the given one. */
export function shiftWeek(week: SchoolWeek, weeks: number): SchoolWeek {
  return weekOf(week.start.add({ weeks }));
}

export function weekDays(week: SchoolWeek): Temporal.PlainDate[] {
  return Array.from({ length: 7 }, (_, i) => week.start.add({ days: i }));
}

export const weekRange = (week: SchoolWeek): DayRange => ({ from: week.start.toString(), to: week.end.toString() });

/** The school day (Europe/Rome) of an API date-time with an offset, e.g. 2026-11-23T08:00:00+01:00. */
export function schoolDateOf(dateTime: string): Temporal.PlainDate {
  return Temporal.Instant.from(dateTime).toZonedDateTimeISO(SCHOOL_TIME_ZONE).toPlainDate();
}

const byStart = (a: { data_ora_inizio: string }, b: { data_ora_inizio: string }) =>
  Temporal.Instant.compare(Temporal.Instant.from(a.data_ora_inizio), Temporal.Instant.from(b.data_ora_inizio));

export interface AgendaItemLike {
  id: number;
  data: string;
  data_ora_inizio: string;
  data_ora_fine: string;
}
export interface LessonLike {
  data_ora_inizio: string;
  data_ora_fine: string;
}
export interface ActivityLike {
  id: number;
  data: string;
  data_ora_inizio: string;
}
export interface HolidayLike {
  data: string;
  data_fine: string;
}

export interface AgendaDay<A, L, C, H> {
  date: Temporal.PlainDate;
  /** Public holidays and school breaks that cover the day. */
  holidays: H[];
  /** School calendar activities of the day, by start time. */
  activities: C[];
  /** Agenda items of the class, by start time. */
  items: A[];
  /** Timetable lessons, by start time. */
  lessons: L[];
}

/** The seven days of a week, each with what the agenda, the timetable and the school calendar put on it. */
export function agendaWeek<A extends AgendaItemLike, L extends LessonLike, C extends ActivityLike, H extends HolidayLike>(
  week: SchoolWeek,
  data: { items: readonly A[]; lessons: readonly L[]; activities: readonly C[]; holidays: readonly H[] },
): AgendaDay<A, L, C, H>[] {
  return weekDays(week).map((date) => {
    const iso = date.toString();
    return {
      date,
      holidays: data.holidays.filter((h) => isWithin(iso, { from: h.data, to: h.data_fine })),
      activities: data.activities.filter((a) => a.data === iso).sort(byStart),
      items: data.items.filter((i) => i.data === iso).sort(byStart),
      lessons: data.lessons.filter((l) => schoolDateOf(l.data_ora_inizio).equals(date)).sort(byStart),
    };
  });
}
