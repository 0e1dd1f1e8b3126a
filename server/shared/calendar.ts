/**
 * The school calendar every area and the core seed share: national holidays and school breaks
 * (Christmas and Easter included), lesson days (Monday to Saturday inside the periods, holidays
 * and breaks excluded) and the whole-year date range.
 */
import { periodsOf } from './schoolYear';
import { addDays, weekday } from './time';

export interface DateRange {
  from: string;
  to: string;
}

/** The whole school year: 1 September to 31 August. */
export const schoolYearRange = (startYear: number): DateRange => ({ from: `${startYear}-09-01`, to: `${startYear + 1}-08-31` });

/** Gregorian Easter Sunday (anonymous algorithm), `YYYY-MM-DD`. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface Holiday {
  data: string;
  data_fine: string;
  descrizione: string;
  tipo: 'festività' | 'vacanze';
}

/** National holidays and school breaks of a school year, by date. */
export function holidaysOf(startYear: number): Holiday[] {
  const next = startYear + 1;
  const easter = easterSunday(next);
  const day = (data: string, descrizione: string): Holiday => ({ data, data_fine: data, descrizione, tipo: 'festività' });
  const list: Holiday[] = [
    day(`${startYear}-11-01`, 'Ognissanti'),
    day(`${startYear}-12-08`, 'Immacolata Concezione'),
    { data: `${startYear}-12-23`, data_fine: `${next}-01-06`, descrizione: 'Vacanze di Natale', tipo: 'vacanze' },
    day(`${startYear}-12-25`, 'Natale'),
    day(`${startYear}-12-26`, 'Santo Stefano'),
    day(`${next}-01-01`, 'Capodanno'),
    day(`${next}-01-06`, 'Epifania'),
    { data: addDays(easter, -3), data_fine: addDays(easter, 2), descrizione: 'Vacanze di Pasqua', tipo: 'vacanze' },
    day(easter, 'Pasqua'),
    day(addDays(easter, 1), "Lunedì dell'Angelo"),
    day(`${next}-04-25`, 'Festa della Liberazione'),
    day(`${next}-05-01`, 'Festa dei Lavoratori'),
    day(`${next}-06-02`, 'Festa della Repubblica'),
  ];
  return list.sort((a, b) => a.data.localeCompare(b.data) || b.data_fine.localeCompare(a.data_fine));
}

const schoolDayCache = new Map<number, readonly string[]>();

/** Lesson days of a school year: Monday to Saturday inside its periods, holidays and breaks excluded. */
export function schoolDays(startYear: number): readonly string[] {
  const hit = schoolDayCache.get(startYear);
  if (hit) return hit;
  const holidays = holidaysOf(startYear);
  const days: string[] = [];
  for (const period of periodsOf(startYear)) {
    for (let d = period.data_inizio; d <= period.data_fine; d = addDays(d, 1)) {
      if (weekday(d) === 0) continue;
      if (holidays.some((h) => h.data <= d && d <= h.data_fine)) continue;
      days.push(d);
    }
  }
  schoolDayCache.set(startYear, days);
  return days;
}

export function isSchoolDay(date: string, startYear: number): boolean {
  return schoolDays(startYear).includes(date);
}

/** The first lesson day on or after `date` (else the last lesson day of the year). */
export function schoolDayFrom(date: string, startYear: number): string {
  const days = schoolDays(startYear);
  return days.find((d) => d >= date) ?? (days[days.length - 1] as string);
}
