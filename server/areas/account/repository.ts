import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database';

export interface SpidIdentity {
  codice_fiscale: string;
  nome: string;
  cognome: string;
  nota: string;
}

/** How long the identity provider's code may be exchanged. */
export const SPID_CODE_TTL_MS = 120_000;

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The challenge of a verifier: base64url of its SHA-256, as the app computes it (`sfida`). */
export const challengeOf = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

export const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function accountRepository(db: Db) {
  const userHasSchool = db.prepare<[number, string], { found: number }>(
    `SELECT 1 AS found
       FROM utenti_studenti us
       JOIN studenti s ON s.id = us.id_studente
      WHERE us.id_utente = ? AND s.id_scuola = ?
      LIMIT 1`,
  );
  const setPassword = db.prepare<[string, number]>('UPDATE utenti SET password_hash = ? WHERE id_utente = ?');
  const identities = db.prepare<[], SpidIdentity>(
    'SELECT codice_fiscale, nome, cognome, nota FROM spid_identita ORDER BY ordinamento',
  );
  const identity = db.prepare<[string], SpidIdentity>(
    'SELECT codice_fiscale, nome, cognome, nota FROM spid_identita WHERE codice_fiscale = ?',
  );
  const purge = db.prepare<[number]>('DELETE FROM spid_codici WHERE scade_ms <= ?');
  const insertCode = db.prepare<[string, string, number, string]>(
    'INSERT INTO spid_codici (hash, codice_fiscale, scade_ms, sfida) VALUES (?, ?, ?, ?)',
  );
  const takeCode = db.prepare<[string], { codice_fiscale: string; scade_ms: number; sfida: string }>(
    'DELETE FROM spid_codici WHERE hash = ? RETURNING codice_fiscale, scade_ms, sfida',
  );
  // Only users with a student in a school that offers SPID sign-in count.
  const usersOfTaxCode = db.prepare<[string], { id_utente: number }>(
    `SELECT su.id_utente
       FROM spid_utenti su
      WHERE su.codice_fiscale = ?
        AND EXISTS (SELECT 1
                      FROM utenti_studenti us
                      JOIN studenti s ON s.id = us.id_studente
                      JOIN scuole sc ON sc.id = s.id_scuola
                     WHERE us.id_utente = su.id_utente AND sc.login_spid = 1)
      ORDER BY su.id_utente`,
  );

  return {
    /** The school is the school of one of the user's students. */
    userHasSchool: (userId: number, schoolId: string): boolean => userHasSchool.get(userId, schoolId) !== undefined,
    setPasswordHash: (userId: number, hash: string): void => {
      setPassword.run(hash, userId);
    },
    identities: (): SpidIdentity[] => identities.all(),
    identity: (taxCode: string): SpidIdentity | undefined => identity.get(taxCode),

    /** A new single-use code for the tax code, valid for SPID_CODE_TTL_MS from `now`, bound to `challenge`. */
    issueCode(taxCode: string, now: Date, challenge: string): string {
      const code = randomBytes(24).toString('base64url');
      purge.run(now.getTime());
      insertCode.run(sha256(code), taxCode, now.getTime() + SPID_CODE_TTL_MS, challenge);
      return code;
    },

    /**
     * The tax code behind a code, consuming it whatever the outcome; undefined when unknown, used,
     * expired or presented with a verifier that is not the one of the tab that started.
     */
    redeemCode(code: string, now: Date, verifier: string): string | undefined {
      const row = takeCode.get(sha256(code));
      if (!row || row.scade_ms <= now.getTime()) return undefined;
      const expected = Buffer.from(row.sfida);
      const actual = Buffer.from(challengeOf(verifier));
      return expected.length === actual.length && timingSafeEqual(expected, actual) ? row.codice_fiscale : undefined;
    },

    usersOfTaxCode: (taxCode: string): number[] => usersOfTaxCode.all(taxCode).map((r) => r.id_utente),
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
