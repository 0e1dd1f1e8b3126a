import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';

export const MOBILE_CODE_TTL_SECONDS = 120;
export const MOBILE_PAGES = ['estratto-conto', 'negozio', 'carrello'] as const;
export type MobilePage = (typeof MOBILE_PAGES)[number];

const hashOf = (code: string): string => createHash('sha256').update(code).digest('hex');

export interface IssuedCode {
  codice: string;
  scadenza: Date;
  url: string;
}

export type Redemption =
  | { ok: true; id_utente: number; id_studente: number; pagina: MobilePage }
  | { ok: false; reason: 'unknown' | 'expired' };

/** Single-use codes: only their hash is stored; redeeming marks them used atomically. */
export function mobileCodes(db: Db) {
  const insert = db.prepare(
    'INSERT INTO mobile_codici (hash, id_utente, id_studente, pagina, scadenza_ms) VALUES (?, ?, ?, ?, ?)',
  );
  const find = db.prepare<[string], { id_utente: number; id_studente: number; pagina: MobilePage; scadenza_ms: number; usato_ms: number | null }>(
    'SELECT id_utente, id_studente, pagina, scadenza_ms, usato_ms FROM mobile_codici WHERE hash = ?',
  );
  const use = db.prepare<[number, string, number]>('UPDATE mobile_codici SET usato_ms = ? WHERE hash = ? AND usato_ms IS NULL AND scadenza_ms > ?');
  const purge = db.prepare<[number]>('DELETE FROM mobile_codici WHERE scadenza_ms < ?');

  return {
    issue(userId: number, studentId: number, pagina: MobilePage, now: Date): IssuedCode {
      // Expired codes older than a day are of no use, not even to tell "expired" from "unknown".
      purge.run(now.getTime() - 86_400_000);
      const codice = randomBytes(24).toString('base64url');
      const scadenza = new Date(now.getTime() + MOBILE_CODE_TTL_SECONDS * 1000);
      insert.run(hashOf(codice), userId, studentId, pagina, scadenza.getTime());
      return { codice, scadenza, url: `/mobile/${pagina}?codice=${encodeURIComponent(codice)}` };
    },

    redeem(codice: string, now: Date): Redemption {
      const hash = hashOf(codice);
      const row = find.get(hash);
      if (!row) return { ok: false, reason: 'unknown' };
      if (use.run(now.getTime(), hash, now.getTime()).changes !== 1) return { ok: false, reason: 'expired' };
      return { ok: true, id_utente: row.id_utente, id_studente: row.id_studente, pagina: row.pagina };
    },
  };
}
