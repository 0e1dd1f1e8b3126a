import type { Db } from '../../db/database';
import { DEFAULT_PREFERENCES, type NoticeEvent, type NoticeKind, type Preferences } from './rules';

export interface SubscriptionRow {
  endpoint: string;
  id_utente: number;
  p256dh: string;
  auth: string;
}

type EventRow = Omit<NoticeEvent, 'tipo'> & { tipo: NoticeKind };

const EVENT_COLUMNS = `e.id, s.id_scuola, e.id_studente, s.nome, e.tipo, e.dettaglio, e.percorso`;

export function preferencesRepository(db: Db) {
  const readPrefs = db.prepare<[number], { dati: string; ultimo_riepilogo_ms: number | null }>('SELECT dati, ultimo_riepilogo_ms FROM preferenze_utente WHERE id_utente = ?');
  const writePrefs = db.prepare<[number, string], unknown>(
    'INSERT INTO preferenze_utente (id_utente, dati) VALUES (?, ?) ON CONFLICT (id_utente) DO UPDATE SET dati = excluded.dati',
  );
  const markSummary = db.prepare<[number, string, number], unknown>(
    `INSERT INTO preferenze_utente (id_utente, dati, ultimo_riepilogo_ms) VALUES (?, ?, ?)
     ON CONFLICT (id_utente) DO UPDATE SET ultimo_riepilogo_ms = excluded.ultimo_riepilogo_ms`,
  );
  const upsertSub = db.prepare<[string, number, string, string, number], unknown>(
    `INSERT INTO push_sottoscrizioni (endpoint, id_utente, p256dh, auth, creata_ms) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (endpoint) DO UPDATE SET id_utente = excluded.id_utente, p256dh = excluded.p256dh, auth = excluded.auth`,
  );
  const deleteSubOfUser = db.prepare<[string, number], unknown>('DELETE FROM push_sottoscrizioni WHERE endpoint = ? AND id_utente = ?');
  const deleteSub = db.prepare<[string], unknown>('DELETE FROM push_sottoscrizioni WHERE endpoint = ?');
  const subsOf = db.prepare<[number], SubscriptionRow>('SELECT endpoint, id_utente, p256dh, auth FROM push_sottoscrizioni WHERE id_utente = ? ORDER BY creata_ms');
  const studentIdsOf = db.prepare<[number], { id_scuola: string; id_studente: number }>(
    'SELECT s.id_scuola, s.id AS id_studente FROM utenti_studenti us JOIN studenti s ON s.id = us.id_studente WHERE us.id_utente = ?',
  );
  const addEvent = db.prepare<[number, string, string, string, number], unknown>(
    'INSERT INTO notifiche_eventi (id_studente, tipo, dettaglio, percorso, creato_ms) VALUES (?, ?, ?, ?, ?)',
  );
  const pending = db.prepare<[], EventRow>(`SELECT ${EVENT_COLUMNS} FROM notifiche_eventi e JOIN studenti s ON s.id = e.id_studente WHERE e.elaborato = 0 ORDER BY e.id`);
  const markDone = db.prepare<[number], unknown>('UPDATE notifiche_eventi SET elaborato = 1 WHERE id = ?');
  /** Users of the child who have at least one browser to send to. */
  const recipients = db.prepare<[number], { id_utente: number }>(
    'SELECT DISTINCT us.id_utente FROM utenti_studenti us JOIN push_sottoscrizioni p ON p.id_utente = us.id_utente WHERE us.id_studente = ?',
  );
  const hold = db.prepare<[number, number], unknown>('INSERT OR IGNORE INTO notifiche_in_attesa (id_utente, id_evento) VALUES (?, ?)');
  const usersWithHeld = db.prepare<[], { id_utente: number }>('SELECT DISTINCT id_utente FROM notifiche_in_attesa ORDER BY id_utente');
  const heldOf = db.prepare<[number], EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM notifiche_in_attesa a JOIN notifiche_eventi e ON e.id = a.id_evento JOIN studenti s ON s.id = e.id_studente WHERE a.id_utente = ? ORDER BY e.id`,
  );
  const releaseHeld = db.prepare<[number], unknown>('DELETE FROM notifiche_in_attesa WHERE id_utente = ?');

  const parse = (dati: string): Preferences => {
    const kept = JSON.parse(dati) as Partial<Preferences>;
    return { ...DEFAULT_PREFERENCES, ...kept, notifiche: { ...DEFAULT_PREFERENCES.notifiche, ...kept.notifiche } };
  };

  return {
    preferences(userId: number): Preferences {
      const row = readPrefs.get(userId);
      return row ? parse(row.dati) : DEFAULT_PREFERENCES;
    },
    lastSummaryMs: (userId: number): number | null => readPrefs.get(userId)?.ultimo_riepilogo_ms ?? null,
    savePreferences: (userId: number, prefs: Preferences) => void writePrefs.run(userId, JSON.stringify(prefs)),
    markSummary: (userId: number, at: number) => void markSummary.run(userId, JSON.stringify(DEFAULT_PREFERENCES), at),
    studentsOf: (userId: number) => studentIdsOf.all(userId),
    subscribe: (userId: number, s: { endpoint: string; keys: { p256dh: string; auth: string } }, at: number) =>
      void upsertSub.run(s.endpoint, userId, s.keys.p256dh, s.keys.auth, at),
    unsubscribe: (userId: number, endpoint: string) => void deleteSubOfUser.run(endpoint, userId),
    /** The push service said the subscription is gone (404, 410): whoever it belonged to. */
    drop: (endpoint: string) => void deleteSub.run(endpoint),
    subscriptionsOf: (userId: number) => subsOf.all(userId),
    recordEvent: (e: { id_studente: number; tipo: NoticeKind; dettaglio: string; percorso: string }, at: number) =>
      void addEvent.run(e.id_studente, e.tipo, e.dettaglio, e.percorso, at),
    /** Takes the pending events: each is marked done and handed over once, whoever runs the tick. */
    takePending: db.transaction((): EventRow[] => {
      const rows = pending.all();
      for (const r of rows) markDone.run(r.id);
      return rows;
    }),
    recipientsOf: (studentId: number) => recipients.all(studentId).map((r) => r.id_utente),
    hold: (userId: number, eventId: number) => void hold.run(userId, eventId),
    usersWithHeld: () => usersWithHeld.all().map((r) => r.id_utente),
    /** The user's held events, released (the caller sends the summary). */
    releaseHeld: db.transaction((userId: number): EventRow[] => {
      const rows = heldOf.all(userId);
      releaseHeld.run(userId);
      return rows;
    }),
  };
}

export type PreferencesRepository = ReturnType<typeof preferencesRepository>;
