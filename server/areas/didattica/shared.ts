/**
 * Helpers shared by the didattica and assenze areas (both owned by the same team): per-student
 * authorisation, the school calendar (school days, holidays), date ranges and deterministic
 * randomness for the seeds.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, forbidden } from '../../errors';
import type { EnrolmentRow } from '../../repositories/students';
import { periodsOf } from '../../schoolYear';
import { requireUser } from '../../security';
import { addDays, weekday } from '../../time';

// ---------------------------------------------------------------- authorisation

interface StudentPath {
  id_scuola: string;
  id_studente: number;
  anno: string;
}

export interface StudentScope {
  enrolment: EnrolmentRow;
  servizi: Record<string, boolean>;
  /** First calendar year of the school year in the path (2026 for 2026_2027). */
  startYear: number;
}

export const SERVICE_OFF_DETAIL = 'Servizio non attivo per lo studente';
export const serviceOff = (): ApiError => new ApiError(403, SERVICE_OFF_DETAIL, 'service_disabled');
export const badRequest = (detail: string): ApiError => new ApiError(400, detail, 'bad_request');

/**
 * The JSON body, already validated by the contract. Fastify skips body validation when a request
 * has no body at all, so a missing body is answered here (400) instead of failing in the handler.
 */
export function bodyOf<T>(request: FastifyRequest): T {
  const body = request.body;
  if (body === undefined || body === null || typeof body !== 'object') throw badRequest('body must be object');
  return body as T;
}

/**
 * Like `enrolmentOf` in server/handlers/student.ts: the signed-in user must have the student, the
 * student must be in that school and enrolled in that year (else 403 "Accesso non consentito");
 * with `service`, that service must be on for the student's year (else 403 "Servizio non attivo").
 */
export function studentScope(ctx: AppContext) {
  return (request: FastifyRequest, service?: string): StudentScope => {
    const user = requireUser(request);
    const { id_scuola, id_studente, anno } = request.params as StudentPath;
    const enrolment = ctx.students.findEnrolment(user.id_utente, id_studente, id_scuola, anno);
    if (!enrolment) throw forbidden();
    const servizi = ctx.students.services(enrolment.id, enrolment.anno);
    if (service !== undefined && servizi[service] !== true) throw serviceOff();
    return { enrolment, servizi, startYear: Number(anno.slice(0, 4)) };
  };
}

// ---------------------------------------------------------------- dates

export interface DateRange {
  from: string;
  to: string;
}

/** The whole school year: 1 September to 31 August. */
export const schoolYearRange = (startYear: number): DateRange => ({ from: `${startYear}-09-01`, to: `${startYear + 1}-08-31` });

/** `data_inizio` / `data_fine` of the query (both optional, already format-checked); default the school year. */
export function requestedRange(request: FastifyRequest, startYear: number): DateRange {
  const { data_inizio, data_fine } = (request.query ?? {}) as { data_inizio?: string; data_fine?: string };
  const year = schoolYearRange(startYear);
  const range = { from: data_inizio ?? year.from, to: data_fine ?? year.to };
  if (range.from > range.to) throw badRequest('data_inizio non può essere successiva a data_fine');
  return range;
}

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

const schoolDayCache = new Map<number, string[]>();

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

/** The last lesson day on or before `date` (else the first lesson day of the year). */
export function schoolDayUntil(date: string, startYear: number): string {
  const days = schoolDays(startYear);
  for (let i = days.length - 1; i >= 0; i--) if ((days[i] as string) <= date) return days[i] as string;
  return days[0] as string;
}

// ---------------------------------------------------------------- deterministic randomness

/** Same generator as server/db/seed.ts (FNV-1a seed, mulberry32): no Math.random in the seeds. */
export class Random {
  private state: number;

  constructor(seed: string) {
    let h = 0x811c9dc5;
    for (let i = 0; i < seed.length; i++) {
      h ^= seed.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    this.state = h >>> 0;
  }

  /** mulberry32, in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  /** `count` distinct items (fewer when the list is shorter), in the list's order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const chosen = new Set(this.shuffle(items.map((_, i) => i)).slice(0, count));
    return items.filter((_, i) => chosen.has(i));
  }
}

// ---------------------------------------------------------------- enrolments seen by the seeds

export interface SeedEnrolment {
  id_studente: number;
  nome: string;
  cognome: string;
  id_scuola: string;
  anno: string;
  classe: string;
  indirizzo: string;
  startYear: number;
}

export interface SeedSubject {
  id: number;
  descrizione: string;
  /** First teacher of the subject (core table materie_professori), '' when none. */
  docente: string;
}

/** Reads the core tables: every student's year, and the subjects of a class. */
export function coreReader(db: import('../../db/database').Db) {
  const enrolments = db.prepare<[], Omit<SeedEnrolment, 'startYear'>>(
    `SELECT s.id AS id_studente, s.nome, s.cognome, s.id_scuola, i.anno, i.classe, i.indirizzo
       FROM iscrizioni i JOIN studenti s ON s.id = i.id_studente
      ORDER BY s.id, i.anno`,
  );
  const subjects = db.prepare<[string, string, string], SeedSubject>(
    `SELECT m.id, m.descrizione,
            COALESCE((SELECT p.nome FROM materie_professori mp JOIN professori p ON p.id = mp.id_professore
                       WHERE mp.id_materia = m.id ORDER BY p.id LIMIT 1), '') AS docente
       FROM materie m
      WHERE m.id_scuola = ? AND m.anno = ? AND m.classe = ?
      ORDER BY m.ordinamento, m.id`,
  );
  return {
    enrolments: (): SeedEnrolment[] => enrolments.all().map((e) => ({ ...e, startYear: Number(e.anno.slice(0, 4)) })),
    subjects: (e: SeedEnrolment): SeedSubject[] => subjects.all(e.id_scuola, e.anno, e.classe),
  };
}
