import { SCHOOL_TIME_ZONE } from '../../domain/timeZone';
import { isRecord } from '../../domain/values';

/**
 * Readers of untrusted backend values. A school's backend and the reference server spell the same
 * fact differently (ids as numbers or strings, flags as SI/NO, -1/0/1 or booleans, days as dates or
 * date-times with or without an offset): these readers accept every spelling and never throw, so a
 * missing or odd field becomes an honest gap (null) instead of a crash further up.
 *
 * No Temporal here: the session's boundary runs on /login, which must stay small.
 */

export type Raw = Record<string, unknown>;

export { isRecord } from '../../domain/values';

export const asRecord = (v: unknown): Raw => (isRecord(v) ? v : {});

export const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A string as sent, or null (numbers become their decimal text: ids travel either way). */
export function rawString(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

/** Plain text: HTML entities decoded once, Windows line ends made plain. */
export function text(v: unknown): string | null {
  const s = rawString(v);
  return s === null ? null : decodeEntities(s).replace(/\r\n?/g, '\n');
}

/** The first of several fields that holds non-blank text. */
export function firstText(...values: unknown[]): string | null {
  for (const v of values) {
    const s = text(v);
    if (s !== null && s.trim() !== '') return s;
  }
  return null;
}

/** HTML is left as HTML (the sanitiser reads it); only its absence is normalised. */
export function html(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

export function integer(v: unknown): number | null {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v.trim());
  return null;
}

export function decimal(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.trim().replace(',', '.'));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/**
 * Yes/no in any of the backend's spellings: booleans, "SI"/"NO" (any case), 1/0 and -1 ("not
 * asked", which is a no), "1"/"0", "true"/"false". Anything else is unknown (null).
 */
export function flag(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v === 1 ? true : v === 0 || v === -1 ? false : null;
  if (typeof v === 'string') {
    const s = v.trim().toUpperCase();
    if (s === 'SI' || s === 'SÌ' || s === 'S' || s === '1' || s === 'TRUE') return true;
    if (s === 'NO' || s === 'N' || s === '0' || s === '-1' || s === 'FALSE' || s === '') return false;
  }
  return null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const OFFSET_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** A day of the calendar: "2026-02-30", "2026-13-45" and "0000-00-00" are none (Date.parse rolls them over). */
function isCalendarDay(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(2000, mo - 1, d));
  date.setUTCFullYear(y);
  return y > 0 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A wall time of a day: hours 0-23, minutes and seconds 0-59. */
const isWallTime = (h: string | undefined, m: string | undefined, sec: string | undefined) =>
  Number(h) <= 23 && Number(m) <= 59 && Number(sec ?? 0) <= 59;

/** The parts of a date-time whose day and time exist; null for "2026-02-30T08:00" or "25:61". */
function dateTimeParts(re: RegExp, s: string): RegExpExecArray | null {
  const m = re.exec(s);
  return m && isCalendarDay(m[1]!) && isWallTime(m[2], m[3], m[4]) ? m : null;
}

// Made at the first date-time with an offset, not when the module loads: a page's first Intl
// formatter costs 15-40 ms (the browser loads its locale and time zone data then), and /login reads
// no such date (/login's total blocking time).
let romeParts: Intl.DateTimeFormat | undefined;
const ROME_PARTS: Intl.DateTimeFormatOptions = {
  timeZone: SCHOOL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

function partsInRome(ms: number) {
  romeParts ??= new Intl.DateTimeFormat('en-CA', ROME_PARTS);
  const p = Object.fromEntries(romeParts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}:${p.second}` };
}

/** Rome's offset from UTC at an instant, in minutes. */
function romeOffsetMinutes(ms: number): number {
  const { date, time } = partsInRome(ms);
  const asUtc = Date.parse(`${date}T${time}Z`);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(Math.trunc(n)).padStart(2, '0');
const offsetText = (minutes: number) => `${minutes < 0 ? '-' : '+'}${pad(Math.abs(minutes) / 60)}:${pad(Math.abs(minutes) % 60)}`;

/**
 * The school day (YYYY-MM-DD, Europe/Rome) of a date or date-time. A date-time with an offset is
 * an instant and is seen from Rome; one without an offset is already the school's wall time.
 */
export function schoolDate(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (DATE.test(s)) return isCalendarDay(s) ? s : null;
  const local = dateTimeParts(LOCAL_DATE_TIME, s);
  if (local) return local[1]!;
  if (dateTimeParts(OFFSET_DATE_TIME, s)) {
    const ms = Date.parse(s.replace(' ', 'T'));
    // 9999-12-31T23:59:59Z is already year 10000 in Rome: no day the portal can write.
    const day = Number.isNaN(ms) ? null : partsInRome(ms).date;
    return day !== null && isCalendarDay(day) ? day : null;
  }
  return null;
}

/**
 * A date-time with its offset (ISO 8601), as the portal's screens read instants. A wall time
 * without an offset is taken as Rome's; a bare date is the start of that school day.
 */
export function schoolDateTime(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (dateTimeParts(OFFSET_DATE_TIME, s)) {
    const ms = Date.parse(s.replace(' ', 'T'));
    return Number.isNaN(ms) ? null : s.replace(' ', 'T');
  }
  const local = dateTimeParts(LOCAL_DATE_TIME, s) ?? (isCalendarDay(s) ? [s, s, '00', '00', '00'] : null);
  if (!local) return null;
  const wall = `${local[1]}T${local[2]}:${local[3]}:${local[4] ?? '00'}`;
  const guess = Date.parse(`${wall}Z`);
  if (Number.isNaN(guess)) return null;
  // The offset at the wall time read as UTC is right except within an hour of a DST change.
  const offset = romeOffsetMinutes(guess - romeOffsetMinutes(guess) * 60_000);
  return `${wall}${offsetText(offset)}`;
}

/**
 * An instant the backend may send as a date-time or as whole seconds since the epoch (real
 * acknowledgement times), as a Rome date-time with its offset. 0, negatives and anything else are
 * no instant: real backends write 0 for "not yet".
 */
export function schoolInstant(v: unknown): string | null {
  if (typeof v === 'string' && !/^\s*-?\d+\s*$/.test(v)) return schoolDateTime(v);
  const seconds = integer(v);
  if (seconds === null || seconds <= 0) return null;
  const ms = seconds * 1000;
  if (!Number.isFinite(new Date(ms).getTime())) return null;
  const { date, time } = partsInRome(ms);
  if (!isCalendarDay(date)) return null;
  return `${date}T${time}${offsetText(romeOffsetMinutes(ms))}`;
}

/** "HH:mm" of an hour and a minute as sent ("8", "05"), or null when no clock shows it ("25", "99"). */
export function clockTime(hours: string, minutes: string): string | null {
  const h = Number(hours);
  const m = Number(minutes);
  return Number.isInteger(h) && Number.isInteger(m) && h >= 0 && h <= 23 && m >= 0 && m <= 59 ? `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}` : null;
}

/** "HH:mm" of a date-time in Rome, or null for a bare date. */
export function schoolTime(v: unknown): string | null {
  const dt = schoolDateTime(v);
  if (!dt || typeof v !== 'string' || DATE.test(v.trim())) return null;
  return partsInRome(Date.parse(dt)).time.slice(0, 5);
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0',
  agrave: 'à', aacute: 'á', egrave: 'è', eacute: 'é', igrave: 'ì', iacute: 'í', ograve: 'ò', oacute: 'ó', ugrave: 'ù', uacute: 'ú',
  Agrave: 'À', Aacute: 'Á', Egrave: 'È', Eacute: 'É', Igrave: 'Ì', Iacute: 'Í', Ograve: 'Ò', Oacute: 'Ó', Ugrave: 'Ù', Uacute: 'Ú',
  laquo: '«', raquo: '»', euro: '€', deg: '°', hellip: '…', ndash: '–', mdash: '—',
  lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', middot: '·', ccedil: 'ç',
};

/**
 * HTML entities of a text field, decoded in one pass: "&amp;lt;" becomes "&lt;" and stays so, as
 * the author wrote it. Unknown names are left as they are.
 */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body] ?? whole;
  });
}

/**
 * The first item of each id: a backend that sends one id twice (a page overlap, a copied row) gets
 * one record, since a screen cannot tell the two apart nor act on one of them. Items whose id is
 * null are all kept. The others are dropped, as an item the portal cannot use.
 */
export function firstOfEachId<T>(items: readonly T[], idOf: (item: T) => unknown): T[] {
  const seen = new Set<unknown>();
  return items.filter((item) => {
    const id = idOf(item);
    if (id === null || id === undefined) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** FNV-1a, 32 bits: a short stable number for a string. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Ids for items the backend sends without one (homework, agenda, topics, annotations, report
 * cards): derived from what the item says, so the same item keeps its id across reloads, and
 * numbered among identical twins so two equal entries stay two. Derived ids are above 2^31 so
 * they never meet a small id of the backend's own.
 */
export function deriveIds(keys: readonly string[]): number[] {
  const seen = new Map<string, number>();
  return keys.map((key) => {
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return 2 ** 31 + (hash(`${key}#${n}`) % 2 ** 31);
  });
}
