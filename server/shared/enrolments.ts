/**
 * What the area seeds (and a few repositories) read from the core tables: every student's years,
 * the subjects of a class and its teachers; and the demo accounts' password.
 */
import type { Db } from '../db/database';
import { schoolYearOf } from './schoolYear';
import { romeDate } from './time';

/** The password of every demo account (README, "Demo accounts"). */
export const DEMO_PASSWORD = 'Demo.2026!';

export interface SeedEnrolment {
  id_studente: number;
  nome: string;
  cognome: string;
  id_scuola: string;
  anno: string;
  classe: string;
  indirizzo: string;
  /** First calendar year of the school year (2026 for 2026_2027). */
  startYear: number;
  /** The school year contains today. */
  current: boolean;
  /** The day the area's demo data revolves around: today in the current year, else 8 June of a past one. */
  anchor: string;
}

/** Every enrolment of the core seed, by student then year. */
export function seedEnrolments(db: Db, now: Date): SeedEnrolment[] {
  const today = romeDate(now);
  const currentStart = schoolYearOf(today).startYear;
  const rows = db
    .prepare<[], Omit<SeedEnrolment, 'startYear' | 'current' | 'anchor'>>(
      `SELECT s.id AS id_studente, s.nome, s.cognome, s.id_scuola, i.anno, i.classe, i.indirizzo
         FROM iscrizioni i JOIN studenti s ON s.id = i.id_studente
        ORDER BY s.id, i.anno`,
    )
    .all();
  return rows.map((row) => {
    const startYear = Number(row.anno.slice(0, 4));
    const current = startYear === currentStart;
    const anchor = current ? today : startYear < currentStart ? `${startYear + 1}-06-08` : `${startYear}-09-14`;
    return { ...row, startYear, current, anchor };
  });
}

export interface ClassSubject {
  id: number;
  descrizione: string;
  /** First teacher of the subject (core table materie_professori), '' when none. */
  docente: string;
}

/** The subjects of a class in a year, in their order. */
export function classSubjects(db: Db, idScuola: string, anno: string, classe: string): ClassSubject[] {
  return db
    .prepare<[string, string, string], ClassSubject>(
      `SELECT m.id, m.descrizione,
              COALESCE((SELECT p.nome FROM materie_professori mp JOIN professori p ON p.id = mp.id_professore
                         WHERE mp.id_materia = m.id ORDER BY p.id LIMIT 1), '') AS docente
         FROM materie m
        WHERE m.id_scuola = ? AND m.anno = ? AND m.classe = ?
        ORDER BY m.ordinamento, m.id`,
    )
    .all(idScuola, anno, classe);
}

export interface ClassTeacher {
  id: number;
  nome: string;
  materie: string[];
}

/** Teachers of a class in a year, with the subjects each teaches there (ordered by teacher id). */
export function classTeachers(db: Db, idScuola: string, anno: string, classe: string): ClassTeacher[] {
  const rows = db
    .prepare<[string, string, string], { id: number; nome: string; materia: string }>(
      `SELECT p.id, p.nome, m.descrizione AS materia
         FROM materie m
         JOIN materie_professori mp ON mp.id_materia = m.id
         JOIN professori p ON p.id = mp.id_professore
        WHERE m.id_scuola = ? AND m.anno = ? AND m.classe = ?
        ORDER BY p.id, m.ordinamento`,
    )
    .all(idScuola, anno, classe);
  const byId = new Map<number, ClassTeacher>();
  for (const r of rows) {
    const t = byId.get(r.id) ?? { id: r.id, nome: r.nome, materie: [] };
    t.materie.push(r.materia);
    byId.set(r.id, t);
  }
  return [...byId.values()];
}
