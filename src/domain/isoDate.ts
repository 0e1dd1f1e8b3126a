/**
 * Checks of `YYYY-MM-DD` strings without Temporal: route search params are validated on every
 * navigation, /login included, and the Temporal polyfill (18 KB gzip) must not load there.
 * Strings of this shape compare correctly as strings.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

/** An inclusive range of days, both written YYYY-MM-DD: what the screens filter by and the calls ask for. */
export interface DayRange {
  from: string;
  to: string;
}
