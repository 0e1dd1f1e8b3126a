import type { Db } from '../db/database';

export interface SessionRow {
  id: string;
  id_utente: number;
  versione: number;
  iniziata_ms: number;
  ultimo_jti: string;
  /** The token the last refresh spent, and when: a second tab may still present it for a moment. */
  jti_precedente: string | null;
  ruotata_ms: number | null;
}

/** The `sessioni` and `versioni_sessione` tables (server/db/schema.sql says what they mean). */
export function sessionsRepository(db: Db) {
  const versionOf = db.prepare<[number], { versione: number }>('SELECT versione FROM versioni_sessione WHERE id_utente = ?');
  const raiseVersion = db.prepare<[number]>(
    `INSERT INTO versioni_sessione (id_utente, versione) VALUES (?, 1)
     ON CONFLICT (id_utente) DO UPDATE SET versione = versione + 1`,
  );
  const insert = db.prepare<[string, number, number, number, string]>(
    'INSERT INTO sessioni (id, id_utente, versione, iniziata_ms, ultimo_jti) VALUES (?, ?, ?, ?, ?)',
  );
  const byId = db.prepare<[string], SessionRow>('SELECT * FROM sessioni WHERE id = ?');
  // The right-hand sides read the row as it was: the previous token is the one being replaced.
  const rotate = db.prepare<[number, string, string, string]>(
    'UPDATE sessioni SET jti_precedente = ultimo_jti, ruotata_ms = ?, ultimo_jti = ? WHERE id = ? AND ultimo_jti = ?',
  );
  const remove = db.prepare<[string]>('DELETE FROM sessioni WHERE id = ?');
  const removeOfUser = db.prepare<[number, string]>('DELETE FROM sessioni WHERE id_utente = ? AND id <> ?');
  const removeAllOfUser = db.prepare<[number]>('DELETE FROM sessioni WHERE id_utente = ?');
  const restamp = db.prepare<[number, string]>('UPDATE sessioni SET versione = ? WHERE id = ?');
  const prune = db.prepare<[number]>('DELETE FROM sessioni WHERE iniziata_ms < ?');

  const version = (userId: number): number => versionOf.get(userId)?.versione ?? 0;

  return {
    version,
    find: (id: string): SessionRow | undefined => byId.get(id),

    /** A new session of the user; sessions begun before `staleBeforeMs` are past the cap and go. */
    start: db.transaction((id: string, userId: number, startedMs: number, jti: string, staleBeforeMs: number): void => {
      prune.run(staleBeforeMs);
      insert.run(id, userId, version(userId), startedMs, jti);
    }),

    /**
     * Compare-and-set of the session's newest token: false when `from` is not the newest any more.
     * `from` is kept as the previous token, spent at `atMs`.
     */
    rotate: (id: string, from: string, to: string, atMs: number): boolean => rotate.run(atMs, to, id, from).changes === 1,

    end: (id: string): void => {
      remove.run(id);
    },

    /** Sign-out: every session of the user ends, on every device, and so do tokens of sessions begun meanwhile elsewhere. */
    endAll: db.transaction((userId: number): void => {
      raiseVersion.run(userId);
      removeAllOfUser.run(userId);
    }),

    /** Password change: every other session of the user ends, `keep` goes on. */
    endOthers: db.transaction((userId: number, keep: string): void => {
      raiseVersion.run(userId);
      removeOfUser.run(userId, keep);
      restamp.run(version(userId), keep);
    }),
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
