/**
 * Europe/Rome wall-clock helpers built on Intl only (the server has no date library).
 * Plain dates travel as `YYYY-MM-DD` strings; instants as `Date`.
 */
export const SCHOOL_TIME_ZONE = 'Europe/Rome';

const romeFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: SCHOOL_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export interface RomeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Minutes east of UTC (60 in winter, 120 in summer). */
  offsetMinutes: number;
}

export function romeParts(instant: Date): RomeParts {
  const values: Record<string, number> = {};
  for (const part of romeFormatter.formatToParts(instant)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  const year = values.year ?? 0;
  const month = values.month ?? 1;
  const day = values.day ?? 1;
  const hour = values.hour ?? 0;
  const minute = values.minute ?? 0;
  const second = values.second ?? 0;
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000;
  const offsetMinutes = Math.round((Date.UTC(year, month - 1, day, hour, minute, second) - wholeSeconds) / 60_000);
  return { year, month, day, hour, minute, second, offsetMinutes };
}

const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, '0');

/** `2026-11-21T10:15:00+01:00` */
export function toRomeIso(instant: Date): string {
  const p = romeParts(instant);
  const sign = p.offsetMinutes < 0 ? '-' : '+';
  const offset = `${sign}${pad(Math.floor(Math.abs(p.offsetMinutes) / 60))}:${pad(Math.abs(p.offsetMinutes) % 60)}`;
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${offset}`;
}

/** `21-11-2026 10:15` */
export function toRomeDisplay(instant: Date): string {
  const p = romeParts(instant);
  return `${pad(p.day)}-${pad(p.month)}-${pad(p.year, 4)} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** The calendar date in Rome, `YYYY-MM-DD`. */
export function romeDate(instant: Date): string {
  const p = romeParts(instant);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** The instant at which Rome's wall clock shows `date` `time` (`HH:mm`). */
export function romeInstant(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const asUtc = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0);
  const firstGuess = asUtc - romeParts(new Date(asUtc)).offsetMinutes * 60_000;
  return new Date(asUtc - romeParts(new Date(firstGuess)).offsetMinutes * 60_000);
}

/**
 * `2026-11-21T00:00:00+01:00`: the start of a Rome calendar day, as the API writes day-only dates.
 * Remembered per day: each costs three time-zone conversions, and a list of grades or lessons
 * asks for the same few hundred days on every request (they were most of voti_plain's time).
 */
const midnights = new Map<string, string>();
const MIDNIGHTS_KEPT = 4096;
export function romeMidnightIso(date: string): string {
  let iso = midnights.get(date);
  if (iso === undefined) {
    iso = toRomeIso(romeInstant(date, '00:00'));
    if (midnights.size >= MIDNIGHTS_KEPT) midnights.clear();
    midnights.set(date, iso);
  }
  return iso;
}

function toUtcDate(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

export function addDays(date: string, days: number): string {
  const d = toUtcDate(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  return toUtcDate(date).getUTCDay();
}
