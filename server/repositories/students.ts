import type { Db } from '../db/database';
import type { Schemas } from '../shared/contract';
import type { SchoolPeriod } from '../shared/schoolYear';

/** A student's year as seen by a user allowed to see it. */
export interface EnrolmentRow {
  id: number;
  nome: string;
  cognome: string;
  id_scuola: string;
  nome_scuola: string;
  anno: string;
  classe: string;
  indirizzo: string;
  voti_pesati: 'SI' | 'NO';
  media_voti: 'SI' | 'NO';
  richiesta_colloqui_individuali: 'SI' | 'NO';
  prenotazione_entrate_attiva: number;
  prenotazione_uscite_attiva: number;
  orario_limite_prenotazioni: string;
}

interface SubjectTeacherRow {
  id: number;
  descrizione: string;
  ordinamento: number;
  id_professore: number | null;
  nome_professore: string | null;
}

export type SubjectView = Schemas['Subject'];

export function studentsRepository(db: Db) {
  const enrolment = db.prepare<[number, number, string, string], EnrolmentRow>(
    `SELECT s.id, s.nome, s.cognome, s.id_scuola, sc.nome AS nome_scuola, i.anno, i.classe, i.indirizzo,
            a.voti_pesati, a.media_voti, a.richiesta_colloqui_individuali, a.prenotazione_entrate_attiva,
            a.prenotazione_uscite_attiva, a.orario_limite_prenotazioni
       FROM utenti_studenti us
       JOIN studenti s ON s.id = us.id_studente
       JOIN scuole sc ON sc.id = s.id_scuola
       JOIN iscrizioni i ON i.id_studente = s.id
       JOIN anni_scolastici a ON a.id_scuola = s.id_scuola AND a.anno = i.anno
      WHERE us.id_utente = ? AND s.id = ? AND s.id_scuola = ? AND i.anno = ?`,
  );
  const services = db.prepare<[number, string], { servizio: string; attivo: number }>(
    'SELECT servizio, attivo FROM servizi_iscrizione WHERE id_studente = ? AND anno = ? ORDER BY servizio',
  );
  const periods = db.prepare<[string, string], SchoolPeriod>(
    'SELECT numero, periodo, data_inizio, data_fine FROM periodi WHERE id_scuola = ? AND anno = ? ORDER BY numero',
  );
  const subjects = db.prepare<[string, string, string], SubjectTeacherRow>(
    `SELECT m.id, m.descrizione, m.ordinamento, p.id AS id_professore, p.nome AS nome_professore
       FROM materie m
       LEFT JOIN materie_professori mp ON mp.id_materia = m.id
       LEFT JOIN professori p ON p.id = mp.id_professore
      WHERE m.id_scuola = ? AND m.anno = ? AND m.classe = ?
      ORDER BY m.ordinamento, m.id, p.nome`,
  );

  return {
    /**
     * The student's year when `userId` may see that student, the student belongs to `schoolId`
     * and is enrolled in `anno`; otherwise undefined.
     */
    findEnrolment: (userId: number, studentId: number, schoolId: string, anno: string): EnrolmentRow | undefined =>
      enrolment.get(userId, studentId, schoolId, anno),

    services(studentId: number, anno: string): Record<string, boolean> {
      const map: Record<string, boolean> = {};
      for (const row of services.all(studentId, anno)) map[row.servizio] = row.attivo === 1;
      return map;
    },

    periods: (schoolId: string, anno: string): SchoolPeriod[] => periods.all(schoolId, anno),

    subjects(schoolId: string, anno: string, classe: string): SubjectView[] {
      const byId = new Map<number, SubjectView>();
      for (const row of subjects.all(schoolId, anno, classe)) {
        let subject = byId.get(row.id);
        if (!subject) {
          subject = { id: row.id, descrizione: row.descrizione, ordinamento: row.ordinamento, professori: [] };
          byId.set(row.id, subject);
        }
        if (row.id_professore !== null && row.nome_professore !== null) {
          subject.professori.push({ id: row.id_professore, nome: row.nome_professore });
        }
      }
      return [...byId.values()];
    },
  };
}

export type StudentsRepository = ReturnType<typeof studentsRepository>;
