import { Temporal } from '../domain/temporal';
import { SCHOOL_TIME_ZONE } from '../domain/timeZone';

/** Everything the portal shows is school time. */

export type DateInput = string | Temporal.PlainDate | Temporal.PlainDateTime | Temporal.ZonedDateTime | Temporal.Instant;
export type TimeInput = string | Temporal.PlainTime | Temporal.PlainDateTime | Temporal.ZonedDateTime | Temporal.Instant;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const TIME_ONLY = /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
// an explicit UTC offset or Z after the time part, e.g. 2026-11-21T08:00:00+01:00
const HAS_OFFSET = /[Tt ]\d{2}[^[]*([zZ]|[+-]\d{2}(:?\d{2})?)(\[.*\])?$/;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function toSchoolDateTime(value: Exclude<DateInput, string | Temporal.PlainDate>): Temporal.PlainDateTime {
  if (value instanceof Temporal.PlainDateTime) return value;
  if (value instanceof Temporal.Instant) return value.toZonedDateTimeISO(SCHOOL_TIME_ZONE).toPlainDateTime();
  return value.withTimeZone(SCHOOL_TIME_ZONE).toPlainDateTime();
}

/**
 * API strings already read. A screen shows the same dates many times (/voti: each grade's date in
 * its row, its detail and the chart, on every visit), and moving an instant to Europe/Rome is the
 * costly part of formatting it (most of /voti's render). Temporal values are immutable,
 * so one reading serves every formatter; bounded, it is simply emptied when full.
 */
const readStrings = new Map<string, Temporal.PlainDate | Temporal.PlainDateTime>();
const READ_STRINGS_KEPT = 2000;

/**
 * Reads an API date or date-time string. Strings with an offset (or a zone annotation) are instants
 * and are moved to Europe/Rome; strings without one are already school wall-clock time.
 */
function parseDateInput(value: DateInput): Temporal.PlainDate | Temporal.PlainDateTime {
  if (typeof value !== 'string') {
    return value instanceof Temporal.PlainDate ? value : toSchoolDateTime(value);
  }
  let read = readStrings.get(value);
  if (!read) {
    read = parseDateString(value);
    if (readStrings.size >= READ_STRINGS_KEPT) readStrings.clear();
    readStrings.set(value, read);
  }
  return read;
}

function parseDateString(value: string): Temporal.PlainDate | Temporal.PlainDateTime {
  const s = value.trim();
  if (DATE_ONLY.test(s)) return Temporal.PlainDate.from(s);
  if (s.endsWith(']') && !HAS_OFFSET.test(s)) return toSchoolDateTime(Temporal.ZonedDateTime.from(s));
  if (HAS_OFFSET.test(s)) return toSchoolDateTime(Temporal.Instant.from(s));
  return Temporal.PlainDateTime.from(s);
}

function parseTimeInput(value: TimeInput): Temporal.PlainTime {
  if (typeof value === 'string' && TIME_ONLY.test(value.trim())) return Temporal.PlainTime.from(value.trim());
  if (value instanceof Temporal.PlainTime) return value;
  const parsed = parseDateInput(value);
  if (parsed instanceof Temporal.PlainDate) throw new RangeError(`No time in "${String(value)}"`);
  return parsed.toPlainTime();
}

function datePart(d: Temporal.PlainDate | Temporal.PlainDateTime): string {
  return `${pad(d.day)}-${pad(d.month)}-${pad(d.year, 4)}`;
}

function timePart(t: Temporal.PlainTime | Temporal.PlainDateTime): string {
  return `${pad(t.hour)}:${pad(t.minute)}`;
}

/** DD-MM-YYYY (docs/product.md#accessibility-and-locale). */
export function formatDate(d: DateInput): string {
  return datePart(parseDateInput(d));
}

/** HH:mm, 24-hour (docs/product.md#accessibility-and-locale). */
export function formatTime(t: TimeInput): string {
  return timePart(parseTimeInput(t));
}

/** The machine-readable day of `d` at the school (YYYY-MM-DD), e.g. for `<time dateTime>`. */
export function isoDate(d: DateInput): string {
  const parsed = parseDateInput(d);
  return (parsed instanceof Temporal.PlainDate ? parsed : parsed.toPlainDate()).toString();
}

/** The machine-readable moment of `d` with the school's offset, e.g. 2026-11-21T08:00:00+01:00. */
export function isoDateTime(d: DateInput): string {
  const parsed = parseDateInput(d);
  const dateTime = parsed instanceof Temporal.PlainDate ? parsed.toPlainDateTime() : parsed;
  return dateTime
    .toZonedDateTime(SCHOOL_TIME_ZONE)
    .toString({ timeZoneName: 'never', smallestUnit: 'second' });
}

/** The machine-readable time of day of `t` at the school (HH:mm). */
export function isoTime(t: TimeInput): string {
  return timePart(parseTimeInput(t));
}

/** DD-MM-YYYY HH:mm; a bare date shows as midnight. */
export function formatDateTime(d: DateInput): string {
  const parsed = parseDateInput(d);
  const dateTime = parsed instanceof Temporal.PlainDate ? parsed.toPlainDateTime() : parsed;
  return `${datePart(dateTime)} ${timePart(dateTime)}`;
}

const money = new Intl.NumberFormat('it-IT', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const signedMoney = new Intl.NumberFormat('it-IT', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/**
 * The one money formatter: it-IT, EUR, two decimals (docs/product.md#accessibility-and-locale). `signed` also marks a credit with +,
 * for amounts that can go either way (a balance), so the sign never rests on colour alone.
 */
export function formatMoney(n: number, { signed = false }: { signed?: boolean } = {}): string {
  return (signed ? signedMoney : money).format(n);
}

const gradeValue = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });

/** A numeric grade or average as Italians write it, e.g. 7,75 or 8. */
export function formatGradeValue(n: number): string {
  return gradeValue.format(n);
}

/**
 * A date formatter in UTC for `locale`, made once per locale and use: building one costs far more
 * than formatting with it, and a date filter formats ten month labels on every render (README "Budgets").
 */
const utcFormats = new Map<string, Intl.DateTimeFormat>();
function utcFormat(locale: string, use: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${use}`;
  let format = utcFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    utcFormats.set(key, format);
  }
  return format;
}

/** "Set", "Ott" … "Giu" (docs/product.md#date-filters): the short month name in `locale`, capitalised like a label. */
export function formatMonthLabel(locale: string, month: Temporal.PlainYearMonth): string {
  const name = utcFormat(locale, 'month-short', { month: 'short' }).format(Date.UTC(month.year, month.month - 1, 1));
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1).replace(/\.$/, '');
}

/** "Novembre 2026" from "2026-11": a month of the date filter named in full (a phone's filter button). */
export function formatYearMonth(locale: string, yearMonth: string): string {
  const [year, month] = yearMonth.split('-').map(Number) as [number, number];
  const name = utcFormat(locale, 'month-long', { month: 'long' }).format(Date.UTC(year, month - 1, 1));
  return `${name.charAt(0).toLocaleUpperCase(locale)}${name.slice(1)} ${year}`;
}

/** "venerdì 20-11-2026": a day with its weekday in `locale` (a meal day, a service day). */
export function formatWeekdayDate(locale: string, d: DateInput): string {
  const date = isoDate(d);
  const [y, m, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = utcFormat(locale, 'weekday', { weekday: 'long' }).format(Date.UTC(y, m - 1, day));
  return `${weekday} ${formatDate(date)}`;
}

/** "novembre 2026" (a month of consumed meals), from YYYY-MM, in `locale`. */
export function formatMonthYear(locale: string, month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return utcFormat(locale, 'month-year', { month: 'long', year: 'numeric' }).format(Date.UTC(y, m - 1, 1));
}
