import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database';
import type { SignInMethod } from '../../shared/identity';

export interface SpidIdentity {
  codice_fiscale: string;
  nome: string;
  cognome: string;
  nota: string;
}

/** How long the portal's code may be exchanged. */
export const SPID_CODE_TTL_MS = 120_000;
/** How long a sign-in may stay at the identity provider before its callback is refused. */
export const PENDING_SIGN_IN_TTL_MS = 10 * 60_000;

/** A sign-in sent to an identity provider, as the callback finds it (once). */
export interface PendingSignIn {
  metodo: SignInMethod;
  idp: string;
  nonce: string;
  /** The PKCE code verifier; null only if lost (the token endpoint then refuses the code). */
  verificatore: string | null;
  sfida: string;
  ritorno: string;
  scade_ms: number;
}

/** What a portal code is worth at an exchange. */
export type Redeemed = { taxCode: string } | 'expired' | undefined;

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
  const insertCode = db.prepare<[string, string, number, string, SignInMethod]>(
    'INSERT INTO spid_codici (hash, codice_fiscale, scade_ms, sfida, metodo) VALUES (?, ?, ?, ?, ?)',
  );
  const takeCode = db.prepare<[string], { codice_fiscale: string; scade_ms: number; sfida: string; metodo: SignInMethod }>(
    'DELETE FROM spid_codici WHERE hash = ? RETURNING codice_fiscale, scade_ms, sfida, metodo',
  );
  // Only users with a student in a school that offers sign-in with the method count.
  const usersOf = (column: 'login_spid' | 'login_cie') =>
    db.prepare<[string], { id_utente: number }>(
      `SELECT su.id_utente
         FROM spid_utenti su
        WHERE su.codice_fiscale = ?
          AND EXISTS (SELECT 1
                        FROM utenti_studenti us
                        JOIN studenti s ON s.id = us.id_studente
                        JOIN scuole sc ON sc.id = s.id_scuola
                       WHERE us.id_utente = su.id_utente AND sc.${column} = 1)
        ORDER BY su.id_utente`,
    );
  const usersOfTaxCode = { spid: usersOf('login_spid'), cie: usersOf('login_cie') };
  const purgePending = db.prepare<[number]>('DELETE FROM oidc_accessi WHERE scade_ms <= ?');
  const insertPending = db.prepare<[string, SignInMethod, string, string, string, string, string, number]>(
    `INSERT INTO oidc_accessi (stato_hash, metodo, idp, nonce, verificatore, sfida, ritorno, scade_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const takePending = db.prepare<[string], PendingSignIn>(
    'DELETE FROM oidc_accessi WHERE stato_hash = ? RETURNING metodo, idp, nonce, verificatore, sfida, ritorno, scade_ms',
  );

  return {
    /** The school is the school of one of the user's students. */
    userHasSchool: (userId: number, schoolId: string): boolean => userHasSchool.get(userId, schoolId) !== undefined,
    setPasswordHash: (userId: number, hash: string): void => {
      setPassword.run(hash, userId);
    },
    identities: (): SpidIdentity[] => identities.all(),
    identity: (taxCode: string): SpidIdentity | undefined => identity.get(taxCode),

    /**
     * A new single-use code for the tax code, valid for SPID_CODE_TTL_MS from `now`, bound to
     * `challenge` and good only at the exchange of `method`.
     */
    issueCode(taxCode: string, now: Date, challenge: string, method: SignInMethod = 'spid'): string {
      const code = randomBytes(24).toString('base64url');
      // Expired codes stay a while, so that a late exchange hears "expired" rather than "unknown".
      purge.run(now.getTime() - PENDING_SIGN_IN_TTL_MS);
      insertCode.run(sha256(code), taxCode, now.getTime() + SPID_CODE_TTL_MS, challenge, method);
      return code;
    },

    /**
     * The tax code behind a code, consuming it whatever the outcome: 'expired' when its time is up;
     * undefined when
     * unknown, used, of the other method or presented with a verifier that is not the one of the
     * tab that started.
     */
    redeemCode(code: string, now: Date, verifier: string, method: SignInMethod = 'spid'): Redeemed {
      const row = takeCode.get(sha256(code));
      if (!row || row.metodo !== method) return undefined;
      const expected = Buffer.from(row.sfida);
      const actual = Buffer.from(challengeOf(verifier));
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
      return row.scade_ms <= now.getTime() ? 'expired' : { taxCode: row.codice_fiscale };
    },

    usersOfTaxCode: (taxCode: string, method: SignInMethod = 'spid'): number[] =>
      usersOfTaxCode[method].all(taxCode).map((r) => r.id_utente),

    /** Keeps a sign-in sent to a provider until its callback (single use), by the SHA-256 of its state. */
    savePending(state: string, pending: Omit<PendingSignIn, 'scade_ms'>, now: Date): void {
      purgePending.run(now.getTime());
      insertPending.run(
        sha256(state), pending.metodo, pending.idp, pending.nonce, pending.verificatore ?? '', pending.sfida, pending.ritorno,
        now.getTime() + PENDING_SIGN_IN_TTL_MS,
      );
    },

    /** The sign-in of a state, removed as it is read; undefined when unknown, used or expired. */
    takePending(state: string, now: Date): PendingSignIn | undefined {
      const row = takePending.get(sha256(state));
      if (!row || row.scade_ms <= now.getTime()) return undefined;
      return { ...row, verificatore: row.verificatore || null };
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
