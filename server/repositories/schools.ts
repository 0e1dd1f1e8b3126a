import type { Db } from '../db/database';
import { enrolmentPortalAddress } from '../shared/enrolmentPortal';

export interface LoginConfigurationRow {
  recupera_password: string;
  nome_scuola: string;
  url_scuola: string;
  login_spid: number;
  parametri_spid: string;
  login_username_password: number;
  disclaimer_login_username_password: string;
}

export function schoolsRepository(db: Db) {
  const configuration = db.prepare<[string], LoginConfigurationRow>(
    `SELECT recupera_password, nome AS nome_scuola, url AS url_scuola, login_spid, parametri_spid,
            login_username_password, disclaimer_login AS disclaimer_login_username_password
       FROM scuole WHERE id = ?`,
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
    schoolOfMastercomUser: (mastercomId: number): string | undefined => schoolOfMastercomUser.get(mastercomId)?.id_scuola,
  };
}

export type SchoolsRepository = ReturnType<typeof schoolsRepository>;
