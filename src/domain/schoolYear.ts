import { Temporal } from './temporal';
import type { PeriodLike } from './periods';

/**
 * The school year's bounds, in one place: the calendar year it starts in, its first day and the days
 * its periods span. A school year runs from September to August.
 */

const schoolYearOfDay = (day: Temporal.PlainDate) => (day.month >= 9 ? day.year : day.year - 1);

/** The calendar year a scope's `anno` ("2026_2027") starts in; when `anno` names no years, today's school year. */
export function schoolYearStartYear(anno: string, today: Temporal.PlainDate): number {
  const m = /^(\d{4})[_/-]\d{4}$/.exec(anno);
  return m ? Number(m[1]) : schoolYearOfDay(today);
}

/** First day of the school year the periods belong to: 1 September of the first period's school year. */
export function schoolYearStart(periods: readonly PeriodLike[], fallback: Temporal.PlainDate): Temporal.PlainDate {
  const first = periods.map((p) => Temporal.PlainDate.from(p.data_inizio)).sort(Temporal.PlainDate.compare)[0] ?? fallback;
  // A first period that starts in August still belongs to the year that begins in September.
  const year = first.month >= 8 ? first.year : first.year - 1;
  return Temporal.PlainDate.from({ year, month: 9, day: 1 });
}

/** The days the school's periods cover, first period's first day to last period's last (both YYYY-MM-DD). */
export function schoolYearSpan(periods: readonly PeriodLike[], fallback: { from: Temporal.PlainDate; to: Temporal.PlainDate }) {
  const starts = periods.map((p) => Temporal.PlainDate.from(p.data_inizio)).sort(Temporal.PlainDate.compare);
  const ends = periods.map((p) => Temporal.PlainDate.from(p.data_fine)).sort(Temporal.PlainDate.compare);
  return { from: (starts[0] ?? fallback.from).toString(), to: (ends.at(-1) ?? fallback.to).toString() };
}
