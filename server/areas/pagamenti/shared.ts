/**
 * Helpers shared by the payments-related areas (pagamenti, mense, servizi_giornalieri, ade,
 * mobile): per-student authorisation with the service check, euro amounts, deterministic
 * randomness for the seeds and the list of enrolments the seeds cover.
 *
 * (Candidates for the core: server/handlers/student.ts keeps `enrolmentOf` private and
 * server/db/seed.ts does not export `Random`, so these are small copies of the same rules.)
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { ApiError, forbidden } from '../../errors';
import type { EnrolmentRow } from '../../repositories/students';
import { schoolYearOf } from '../../schoolYear';
import { requireUser, type AuthenticatedUser } from '../../security';
import { romeDate } from '../../time';

export interface StudentPath {
  id_scuola: string;
  id_studente: number;
  anno: string;
}

export interface StudentScope {
  user: AuthenticatedUser;
  enrolment: EnrolmentRow;
}

export const SERVICE_OFF_DETAIL = 'Servizio non attivo per lo studente';
export const serviceOff = (): ApiError => new ApiError(403, SERVICE_OFF_DETAIL, 'servizio_non_attivo');
export const badRequest = (detail: string, error = 'bad_request'): ApiError => new ApiError(400, detail, error);

/**
 * Like `enrolmentOf` of the core: the signed-in user must have the student, enrolled that year in
 * that school (else 403 "Accesso non consentito"); with `service`, that service must be on for the
 * student's year (else 403 "Servizio non attivo per lo studente").
 */
export function studentScope(ctx: AppContext, request: FastifyRequest, service?: string): StudentScope {
  const user = requireUser(request);
  const { id_scuola, id_studente, anno } = request.params as StudentPath;
  const enrolment = ctx.students.findEnrolment(user.id_utente, id_studente, id_scuola, anno);
  if (!enrolment) throw forbidden();
  if (service && ctx.students.services(enrolment.id, enrolment.anno)[service] !== true) throw serviceOff();
  return { user, enrolment };
}

/** Integer cents → decimal euros with two decimals. */
export const euros = (cents: number): number => Math.round(cents) / 100;

/** `12,50 €`-style text for messages shown to the user. */
export const eurosText = (cents: number): string =>
  `${(cents / 100).toFixed(2).replace('.', ',')} €`;

/** Deterministic pseudo-random numbers (FNV-1a seed + mulberry32), as in server/db/seed.ts. */
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

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
}

export interface SeedEnrolment {
  id_studente: number;
  anno: string;
  id_scuola: string;
  nome: string;
  classe: string;
  /** First calendar year of the school year. */
  startYear: number;
  /** The school year contains today. */
  current: boolean;
  /** Today for the current year, else the last lesson day of that year (8 June). */
  anchor: string;
}

/** Every enrolment of the core seed, with the day the area's demo data revolves around. */
export function seedEnrolments(db: Db, now: Date): SeedEnrolment[] {
  const today = romeDate(now);
  const currentStart = schoolYearOf(today).startYear;
  const rows = db
    .prepare<[], { id_studente: number; anno: string; id_scuola: string; nome: string; classe: string }>(
      `SELECT i.id_studente, i.anno, s.id_scuola, s.nome, i.classe
         FROM iscrizioni i JOIN studenti s ON s.id = i.id_studente
        ORDER BY i.id_studente, i.anno`,
    )
    .all();
  return rows.map((row) => {
    const startYear = Number(row.anno.slice(0, 4));
    const current = startYear === currentStart;
    const anchor = current ? today : startYear < currentStart ? `${startYear + 1}-06-08` : `${startYear}-09-14`;
    return { ...row, startYear, current, anchor };
  });
}
