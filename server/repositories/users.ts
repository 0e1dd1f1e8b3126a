import type { Db } from '../db/database';
import type { Schemas } from '../shared/contract';

export interface UserRow {
  id_utente: number;
  mastercom_id: number;
  username: string;
  password_hash: string;
  nome: string;
  cognome: string;
  tipo: 'genitore' | 'studente';
}

export type SchoolYearView = Schemas['SchoolYear'];

/** A student of the user, with the school's name and address the login answer shapes it with. */
export interface StudentView {
  id: number;
  id_scuola: string;
  nome: string;
  cognome: string;
  anno_corrente: string;
  versione_messenger: Schemas['Student']['versione_messenger'];
  url_scuola: string;
  nome_scuola: string;
  anni: SchoolYearView[];
}

interface StudentRow {
  id: number;
  id_scuola: string;
  nome: string;
  cognome: string;
  anno_corrente: string;
  versione_messenger: Schemas['Student']['versione_messenger'];
  url_scuola: string;
  nome_scuola: string;
}

interface YearRow {
  id_studente: number;
  id: string;
  descrizione: string;
  classe: string;
  indirizzo: string;
}

interface ServiceRow {
  id_studente: number;
  anno: string;
  servizio: string;
  attivo: number;
}

export function usersRepository(db: Db) {
  const byUsername = db.prepare<[string], UserRow>('SELECT * FROM utenti WHERE username = ?');
  const byId = db.prepare<[number], UserRow>('SELECT * FROM utenti WHERE id_utente = ?');
  const byMastercomId = db.prepare<[number], UserRow>('SELECT * FROM utenti WHERE mastercom_id = ?');
  const existing = db.prepare<[number, number], number>('SELECT 1 FROM utenti WHERE id_utente = ? AND mastercom_id = ?').pluck();
  const students = db.prepare<[number], StudentRow>(
    `SELECT s.id, s.id_scuola, s.nome, s.cognome, s.anno_corrente, s.versione_messenger, sc.url AS url_scuola, sc.nome AS nome_scuola
       FROM utenti_studenti us
       JOIN studenti s ON s.id = us.id_studente
       JOIN scuole sc ON sc.id = s.id_scuola
      WHERE us.id_utente = ?
      ORDER BY s.id`,
  );
  const years = db.prepare<[number], YearRow>(
    `SELECT i.id_studente, i.anno AS id, a.descrizione, i.classe, i.indirizzo
       FROM utenti_studenti us
       JOIN iscrizioni i ON i.id_studente = us.id_studente
       JOIN studenti s ON s.id = i.id_studente
       JOIN anni_scolastici a ON a.id_scuola = s.id_scuola AND a.anno = i.anno
      WHERE us.id_utente = ?
      ORDER BY i.anno DESC`,
  );
  const services = db.prepare<[number], ServiceRow>(
    `SELECT si.id_studente, si.anno, si.servizio, si.attivo
       FROM utenti_studenti us
       JOIN servizi_iscrizione si ON si.id_studente = us.id_studente
      WHERE us.id_utente = ?
      ORDER BY si.servizio`,
  );

  return {
    findByUsername: (username: string): UserRow | undefined => byUsername.get(username),
    findById: (id: number): UserRow | undefined => byId.get(id),
    /** Checked on every authenticated request: one value, not the whole row. */
    exists: (id: number, mastercomId: number): boolean => existing.get(id, mastercomId) !== undefined,
    findByMastercomId: (mastercomId: number): UserRow | undefined => byMastercomId.get(mastercomId),

    /** The students a user may see, each with its school years (newest first) and services. */
    studentsOf(userId: number): StudentView[] {
      const servicesByYear = new Map<string, Record<string, boolean>>();
      for (const row of services.all(userId)) {
        const key = `${row.id_studente}:${row.anno}`;
        const map = servicesByYear.get(key) ?? {};
        map[row.servizio] = row.attivo === 1;
        servicesByYear.set(key, map);
      }
      const yearRows = years.all(userId);
      return students.all(userId).map((student) => ({
        ...student,
        anni: yearRows
          .filter((y) => y.id_studente === student.id)
          .map(({ id_studente: _student, ...year }) => ({
            ...year,
            servizi: servicesByYear.get(`${student.id}:${year.id}`) ?? {},
          })),
      }));
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
