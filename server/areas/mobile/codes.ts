import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database';

export const MOBILE_CODE_TTL_SECONDS = 120;
export const MOBILE_PAGES = ['estratto-conto', 'negozio', 'carrello'] as const;
export type MobilePage = (typeof MOBILE_PAGES)[number];

const hashOf = (code: string): string => createHash('sha256').update(code).digest('hex');

/** The challenge of a verifier: base64url of its SHA-256, as the app computes it (`sfida`). */
export const challengeOf = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

export interface IssuedCode {
  codice: string;
  scadenza: Date;
  url: string;
}

export type Redemption =
  | { ok: true; id_utente: number; id_studente: number; pagina: MobilePage }
  | { ok: false; reason: 'unknown' | 'expired' | 'unbound' };

/**
 * Single-use codes: only their hash is stored; redeeming marks them used atomically. Each is bound
 * to the SHA-256 of a verifier the app that asked for it keeps (`sfida`): the exchange must present
 * the verifier, so a link with the code alone, forwarded to someone, opens nothing.
 */
export function mobileCodes(db: Db) {
  const insert = db.prepare(
    'INSERT INTO mobile_codici (hash, id_utente, id_studente, pagina, scadenza_ms, sfida) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const find = db.prepare<[string], { id_utente: number; id_studente: number; pagina: MobilePage; sfida: string | null }>(
    'SELECT id_utente, id_studente, pagina, sfida FROM mobile_codici WHERE hash = ?',
  );
  const use = db.prepare<[number, string, number]>('UPDATE mobile_codici SET usato_ms = ? WHERE hash = ? AND usato_ms IS NULL AND scadenza_ms > ?');
  const purge = db.prepare<[number]>('DELETE FROM mobile_codici WHERE scadenza_ms < ?');

  return {
    issue(userId: number, studentId: number, pagina: MobilePage, challenge: string, now: Date): IssuedCode {
      // Expired codes older than a day are of no use, not even to tell "expired" from "unknown".
      purge.run(now.getTime() - 86_400_000);
      const codice = randomBytes(24).toString('base64url');
      const scadenza = new Date(now.getTime() + MOBILE_CODE_TTL_SECONDS * 1000);
      insert.run(hashOf(codice), userId, studentId, pagina, scadenza.getTime(), challenge);
      return { codice, scadenza, url: `/mobile/${pagina}?codice=${encodeURIComponent(codice)}` };
    },

    /** Spends the code whatever the verifier: a wrong one costs the code, so nobody guesses twice. */
    redeem(codice: string, verifier: string, now: Date): Redemption {
      const hash = hashOf(codice);
      const row = find.get(hash);
      if (!row) return { ok: false, reason: 'unknown' };
      if (use.run(now.getTime(), hash, now.getTime()).changes !== 1) return { ok: false, reason: 'expired' };
      // Codes issued before codes were bound have no challenge: nothing can prove whose they are.
      const expected = Buffer.from(row.sfida ?? '');
      const actual = Buffer.from(challengeOf(verifier));
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { ok: false, reason: 'unbound' };
      return { ok: true, id_utente: row.id_utente, id_studente: row.id_studente, pagina: row.pagina };
    },
  };
}
