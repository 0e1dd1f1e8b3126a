import type { Db } from '../db/database';
import { enrolmentPortalAddress } from '../shared/enrolmentPortal';

export interface LoginConfigurationRow {
  recupera_password: string;
  nome_scuola: string;
  url_scuola: string;
  id_scuola: string;
  login_spid: number;
  login_cie: number;
  parametri_spid: string;
  login_username_password: number;
  disclaimer_login_username_password: string;
}

export function schoolsRepository(db: Db) {
  const configuration = db.prepare<[string], LoginConfigurationRow>(
    `SELECT id AS id_scuola, recupera_password, nome AS nome_scuola, url AS url_scuola, login_spid, login_cie, parametri_spid,
            login_username_password, disclaimer_login AS disclaimer_login_username_password
       FROM scuole WHERE id = ?`,
  );
  // A student account counts as first cycle when any of its students is at a first-cycle school.
  const firstCycleStudentAccount = db.prepare<[number], { found: number }>(
    `SELECT 1 AS found
       FROM utenti u
       JOIN utenti_studenti us ON us.id_utente = u.id_utente
       JOIN studenti s ON s.id = us.id_studente
       JOIN scuole sc ON sc.id = s.id_scuola
      WHERE u.id_utente = ? AND u.tipo = 'studente' AND sc.ciclo = 'primo'
      LIMIT 1`,
  );
  const schoolOfMastercomUser = db.prepare<[number], { id_scuola: string }>(
    `SELECT s.id_scuola
       FROM utenti u
       JOIN utenti_studenti us ON us.id_utente = u.id_utente
       JOIN studenti s ON s.id = us.id_studente
      WHERE u.mastercom_id = ?
      ORDER BY s.id
      LIMIT 1`,
  );

  const addresses = db.prepare<[], { url: string }>('SELECT url FROM scuole');

  return {
    /** Origins of the schools' enrolment portals (https only): where the app may post a hand-over code. */
    enrolmentPortalOrigins: (): string[] => [
      ...new Set(addresses.all().flatMap(({ url }) => {
        const address = enrolmentPortalAddress(url);
        return address ? [new URL(address).origin] : [];
      })),
    ],
    loginConfiguration: (schoolId: string): LoginConfigurationRow | undefined => configuration.get(schoolId),
    /**
     * Law 182/2025, art. 51: in the first cycle (primary and lower secondary) only the parents reach
     * the register. True for a student account of such a school.
     */
    isFirstCycleStudent: (userId: number): boolean => firstCycleStudentAccount.get(userId) !== undefined,
    schoolOfMastercomUser: (mastercomId: number): string | undefined => schoolOfMastercomUser.get(mastercomId)?.id_scuola,
  };
}

export type SchoolsRepository = ReturnType<typeof schoolsRepository>;
