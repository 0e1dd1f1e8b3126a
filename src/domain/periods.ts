import { Temporal } from './temporal';
import { isIsoDate } from './isoDate';
import { SCHOOL_TIME_ZONE } from './timeZone';

export interface PeriodLike {
  numero: number;
  data_inizio: string;
  data_fine: string;
}

export interface PeriodBounds {
  start: Temporal.ZonedDateTime;
  end: Temporal.ZonedDateTime;
}

export interface SchoolWeek {
  /** Monday */
  start: Temporal.PlainDate;
  /** Sunday */
  end: Temporal.PlainDate;
}

const START_OF_DAY = Temporal.PlainTime.from('00:00:00');
const END_OF_DAY = Temporal.PlainTime.from('23:59:59');

/** docs/product.md#grades: a period starts at 00:00:00 of data_inizio and ends at 23:59:59 of data_fine, school time. */
export function periodBounds(p: Pick<PeriodLike, 'data_inizio' | 'data_fine'>): PeriodBounds {
  return {
    start: Temporal.PlainDate.from(p.data_inizio).toZonedDateTime({ timeZone: SCHOOL_TIME_ZONE, plainTime: START_OF_DAY }),
    end: Temporal.PlainDate.from(p.data_fine).toZonedDateTime({ timeZone: SCHOOL_TIME_ZONE, plainTime: END_OF_DAY }),
  };
}

/** The period whose days (inclusive) contain today, or null between or outside periods. */
export function currentPeriod<P extends PeriodLike>(today: Temporal.PlainDate, periods: readonly P[]): P | null {
  return (
    periods.find(
      (p) =>
        Temporal.PlainDate.compare(Temporal.PlainDate.from(p.data_inizio), today) <= 0 &&
        Temporal.PlainDate.compare(today, Temporal.PlainDate.from(p.data_fine)) <= 0,
    ) ?? null
  );
}

/**
 * The period whose days (inclusive) contain a dated item's `YYYY-MM-DD` date, or null. Plain ISO
 * dates compare as strings, so the usual case parses nothing: lists ask this once per item and
 * period on every render (README "Budgets"); anything else goes through Temporal.
 */
export function periodOfItemDate<P extends PeriodLike>(date: string, periods: readonly P[]): P | null {
  if (isIsoDate(date) && periods.every((p) => isIsoDate(p.data_inizio) && isIsoDate(p.data_fine))) {
    return periods.find((p) => p.data_inizio <= date && date <= p.data_fine) ?? null;
  }
  return currentPeriod(Temporal.PlainDate.from(date), periods);
}

/** Monday-to-Sunday weeks from the week of the earliest period start to the week of the latest period end. */
export function schoolWeeks(periods: readonly PeriodLike[]): SchoolWeek[] {
  if (periods.length === 0) return [];
  let first = Temporal.PlainDate.from(periods[0]!.data_inizio);
  let last = Temporal.PlainDate.from(periods[0]!.data_fine);
  for (const p of periods) {
    const start = Temporal.PlainDate.from(p.data_inizio);
    const end = Temporal.PlainDate.from(p.data_fine);
    if (Temporal.PlainDate.compare(start, first) < 0) first = start;
    if (Temporal.PlainDate.compare(end, last) > 0) last = end;
  }
  const weeks: SchoolWeek[] = [];
  let monday = first.subtract({ days: first.dayOfWeek - 1 });
  while (Temporal.PlainDate.compare(monday, last) <= 0) {
    weeks.push({ start: monday, end: monday.add({ days: 6 }) });
    monday = monday.add({ weeks: 1 });
  }
  return weeks;
}

/** The ten months of a school year, September of startYear to June of the next year. */
export function schoolYearMonths(startYear: number): Temporal.PlainYearMonth[] {
  const september = Temporal.PlainYearMonth.from({ year: startYear, month: 9 });
  return Array.from({ length: 10 }, (_, i) => september.add({ months: i }));
}
