import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { AREAS } from '../areas';
import type { Db } from '../db/database';
import { SERVICE_KEYS } from '../shared/services';

/**
 * The database's layout, step by step. `user_version` holds the number of the last step applied;
 * `application_id` marks a database as numbered this way (older code kept a hash in user_version).
 *
 * Step 1 is the baseline: the core `db/schema.sql` and every area's `schema.sql` as they are. Those
 * files are frozen from now on (a test pins their hash): a change to the layout is a new step at the
 * end of MIGRATIONS, written so that it keeps every row (ADD COLUMN with a default, new tables, a
 * copy-and-rename for what SQLite cannot alter). Fresh databases go through the same steps.
 */
export interface Migration {
  version: number;
  description: string;
  up(db: Db): void;
}

/** "PFam": tells our numbered databases from those of older code and from other programs' files. */
export const APPLICATION_ID = 0x5046616d;

const CORE_SCHEMA = readFileSync(new URL('../db/schema.sql', import.meta.url), 'utf8');

/**
 * The hash older code stored in user_version: of the core and area schema files, in area order. Its
 * area list began with the test hooks, which have no schema (an empty part), and are no area now.
 * Areas added after the baseline have no schema file (their tables are migration steps): not part of it.
 */
export function schemaFilesHash(parts: string[] = [CORE_SCHEMA, '', ...AREAS.flatMap((a) => (a.schema === undefined ? [] : [a.schema]))]): number {
  return createHash('sha256').update(parts.join('\n')).digest().readUInt32BE(0) & 0x7fffffff;
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    description: 'baseline: core and area schema files',
    up(db) {
      db.exec(CORE_SCHEMA);
      for (const area of AREAS) if (area.schema) db.exec(area.schema);
    },
  },
  {
    version: 2,
    description: "refresh grace for a session's previous token; mobile codes bound to the app's challenge",
    up(db) {
      // Two tabs of one session may both refresh with the same token: the one that loses the race
      // is told to wait for the other, not taken for a thief, for a few seconds after the rotation.
      db.exec(`
ALTER TABLE sessioni ADD COLUMN jti_precedente TEXT;
ALTER TABLE sessioni ADD COLUMN ruotata_ms INTEGER;
-- SHA-256 (base64url) of the verifier the app keeps; codes issued before this step have none and
-- cannot be exchanged (they expire within two minutes anyway).
ALTER TABLE mobile_codici ADD COLUMN sfida TEXT;
`);
    },
  },
  {
    version: 3,
    description: "sign-in with CIE, the school's cycle, and the real backend's service flag names",
    up(db) {
      db.exec(`
-- Whether the school offers sign-in with the CIE; existing schools keep what they offered.
ALTER TABLE scuole ADD COLUMN login_cie INTEGER NOT NULL DEFAULT 0 CHECK (login_cie IN (0, 1));
-- 'primo' (primary and lower secondary): only parents sign in (law 182/2025, art. 51).
ALTER TABLE scuole ADD COLUMN ciclo TEXT NOT NULL DEFAULT 'secondo' CHECK (ciclo IN ('primo', 'secondo'));
-- Disciplinary notes are the real backend's 'note'.
UPDATE servizi_iscrizione SET servizio = 'note' WHERE servizio = 'note_disciplinari';
`);
      // Every enrolment gets the real flags it lacks, on (report cards, for one, were open to all).
      const missing = db.prepare(
        `INSERT INTO servizi_iscrizione (id_studente, anno, servizio, attivo)
         SELECT DISTINCT id_studente, anno, ?, 1 FROM servizi_iscrizione
          WHERE true ON CONFLICT DO NOTHING`,
      );
      for (const key of SERVICE_KEYS) missing.run(key);
    },
  },
  {
    version: 4,
    description: 'sign-in with SPID and CIE over OpenID Connect: pending sign-ins, codes of either method',
    up(db) {
      db.exec(`
-- A sign-in sent to an identity provider and not back yet, by the SHA-256 of its OAuth 'state':
-- what the callback must check (nonce, PKCE verifier) and where the browser goes back to. Single use.
CREATE TABLE oidc_accessi (
  stato_hash      TEXT PRIMARY KEY,
  metodo          TEXT NOT NULL CHECK (metodo IN ('spid', 'cie')),
  idp             TEXT NOT NULL,
  nonce           TEXT NOT NULL,
  verificatore    TEXT,
  sfida           TEXT NOT NULL,
  ritorno         TEXT NOT NULL,
  scade_ms        INTEGER NOT NULL
);

-- The portal's codes now say which way in issued them (a CIE code is not good at the SPID exchange),
-- and carry any tax code a real provider asserts, not only the demo identities': rebuilt without
-- that reference. Codes in flight keep working (they were all SPID's).
CREATE TABLE spid_codici_nuovi (
  hash            TEXT PRIMARY KEY,
  codice_fiscale  TEXT NOT NULL,
  scade_ms        INTEGER NOT NULL,
  sfida           TEXT NOT NULL,
  metodo          TEXT NOT NULL DEFAULT 'spid' CHECK (metodo IN ('spid', 'cie'))
);
INSERT INTO spid_codici_nuovi (hash, codice_fiscale, scade_ms, sfida) SELECT hash, codice_fiscale, scade_ms, sfida FROM spid_codici;
DROP TABLE spid_codici;
ALTER TABLE spid_codici_nuovi RENAME TO spid_codici;
`);
    },
  },
  {
    version: 5,
    description: 'notices that come to you: preferences per user, push subscriptions, events and held notices',
    up(db) {
      db.exec(`
-- A user's preferences (the contract's Preferences, as JSON) and when the last summary went out.
CREATE TABLE preferenze_utente (
  id_utente          INTEGER PRIMARY KEY REFERENCES utenti (id_utente),
  dati               TEXT NOT NULL,
  ultimo_riepilogo_ms INTEGER
);

-- Browsers that receive the user's notices (the Push API's subscription; endpoint is unique).
CREATE TABLE push_sottoscrizioni (
  endpoint   TEXT PRIMARY KEY,
  id_utente  INTEGER NOT NULL REFERENCES utenti (id_utente),
  p256dh     TEXT NOT NULL,
  auth       TEXT NOT NULL,
  creata_ms  INTEGER NOT NULL
);
CREATE INDEX push_sottoscrizioni_utente ON push_sottoscrizioni (id_utente);

-- Events of a child's school life not yet turned into notices (an outbox: another process, the
-- demo command, may add rows; the server's tick takes them).
CREATE TABLE notifiche_eventi (
  id           INTEGER PRIMARY KEY,
  id_studente  INTEGER NOT NULL REFERENCES studenti (id),
  tipo         TEXT NOT NULL CHECK (tipo IN ('voti', 'note', 'assenze', 'messaggi', 'colloqui', 'pagamenti', 'mense')),
  dettaglio    TEXT NOT NULL,
  percorso     TEXT NOT NULL,
  creato_ms    INTEGER NOT NULL,
  elaborato    INTEGER NOT NULL DEFAULT 0 CHECK (elaborato IN (0, 1))
);

-- Events held for a user's next summary (daily digest, or the end of quiet hours).
CREATE TABLE notifiche_in_attesa (
  id_utente  INTEGER NOT NULL REFERENCES utenti (id_utente),
  id_evento  INTEGER NOT NULL REFERENCES notifiche_eventi (id),
  PRIMARY KEY (id_utente, id_evento)
);
`);
    },
  },
];

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;

/**
 * Layouts written by code from before numbered versions, by the hash they carry, with the changes
 * that bring each to the baseline (version 1). A hash not listed here has no known path: the server
 * refuses it rather than guess.
 */
export const LEGACY_LAYOUTS: ReadonlyMap<number, { description: string; toBaseline(db: Db): void }> = new Map([
  // The baseline's own files, as the code before numbered versions created them: nothing to change.
  [1488938904, { description: 'baseline written by the hashing code', toBaseline: () => {} }],
  [
    2052381032,
    {
      description: 'layout before sessions, SPID challenges, enrolment hand-over, meeting places, own threads, board read states and pay-by-arrangement details',
      toBaseline(db: Db) {
        db.exec(`
CREATE TABLE versioni_sessione (
  id_utente  INTEGER PRIMARY KEY REFERENCES utenti (id_utente),
  versione   INTEGER NOT NULL
);
CREATE TABLE sessioni (
  id            TEXT PRIMARY KEY,
  id_utente     INTEGER NOT NULL REFERENCES utenti (id_utente),
  versione      INTEGER NOT NULL,
  iniziata_ms   INTEGER NOT NULL,
  ultimo_jti    TEXT NOT NULL
);
CREATE INDEX sessioni_utente ON sessioni (id_utente);

-- A code issued before codes were bound to a tab has no challenge: the empty one never matches a
-- verifier's hash, so such a code (minutes from expiry anyway) can no longer be redeemed.
ALTER TABLE spid_codici ADD COLUMN sfida TEXT NOT NULL DEFAULT '';
CREATE TABLE iscrizioni_codici (
  hash         TEXT PRIMARY KEY,
  id_utente    INTEGER NOT NULL REFERENCES utenti (id_utente),
  scadenza_ms  INTEGER NOT NULL,
  usato_ms     INTEGER
);

CREATE TABLE colloqui_sedi (
  id_scuola  TEXT PRIMARY KEY REFERENCES scuole (id),
  indirizzo  TEXT NOT NULL
);

-- Existing threads and messages keep a NULL author: seen by every user of the student, as before.
ALTER TABLE messaggi_thread ADD COLUMN id_utente INTEGER;
ALTER TABLE messaggi_thread_messaggi ADD COLUMN id_utente INTEGER;
ALTER TABLE messaggi_bacheca ADD COLUMN da_leggere INTEGER NOT NULL DEFAULT 1 CHECK (da_leggere IN (0, 1));
ALTER TABLE messaggi_bacheca ADD COLUMN data_lettura TEXT;
ALTER TABLE messaggi_bacheca ADD COLUMN richiede_adesione INTEGER NOT NULL DEFAULT 0 CHECK (richiede_adesione IN (0, 1));
ALTER TABLE messaggi_bacheca ADD COLUMN adesione INTEGER NOT NULL DEFAULT 0 CHECK (adesione IN (0, 1));
ALTER TABLE messaggi_bacheca ADD COLUMN data_adesione TEXT;

ALTER TABLE pagamenti_configurazione ADD COLUMN sportello_luogo TEXT;
ALTER TABLE pagamenti_configurazione ADD COLUMN sportello_orari TEXT;
ALTER TABLE pagamenti_configurazione ADD COLUMN bonifico_beneficiario TEXT;
ALTER TABLE pagamenti_configurazione ADD COLUMN bonifico_iban TEXT;
ALTER TABLE pagamenti_configurazione ADD COLUMN bonifico_banca TEXT;
`);
      },
    },
  ],
]);

/** Refused at start: the data stay as they are, and the message says what to do. */
export class DatabaseLayoutError extends Error {
  override name = 'DatabaseLayoutError';
}

function hasTables(db: Db): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' LIMIT 1").get() !== undefined;
}

/** A database without tables nor version: nothing to keep, the steps build it from scratch. */
export function isEmptyDatabase(db: Db): boolean {
  return db.pragma('user_version', { simple: true }) === 0 && db.pragma('application_id', { simple: true }) === 0 && !hasTables(db);
}

/**
 * Brings `db` to the newest version, in one transaction: a failing step leaves it as it was.
 * Refuses a newer database and a layout with no known path. Returns the version it started from
 * (0 for an empty database).
 */
export function migrate(db: Db, file: string, migrations: Migration[] = MIGRATIONS, log: (line: string) => void = () => {}): number {
  const latest = migrations[migrations.length - 1]?.version ?? 0;
  const applicationId = db.pragma('application_id', { simple: true }) as number;
  const userVersion = db.pragma('user_version', { simple: true }) as number;
  const reset = 'Nothing was changed; to start over with an empty (or demo) database, run "npm run db:reset".';
  let from: number;
  let legacy: ((db: Db) => void) | undefined;
  if (applicationId === APPLICATION_ID) {
    from = userVersion;
    if (from > latest) {
      throw new DatabaseLayoutError(
        `${file} is at schema version ${from}, newer than this server knows (${latest}): it was written by newer code. Run that code, or a newer version of this one. ${reset}`,
      );
    }
  } else if (isEmptyDatabase(db)) {
    from = 0;
  } else if (applicationId === 0 && LEGACY_LAYOUTS.has(userVersion)) {
    legacy = LEGACY_LAYOUTS.get(userVersion)?.toBaseline;
    from = 1;
  } else {
    throw new DatabaseLayoutError(`${file} has a layout this server does not know (application_id ${applicationId}, user_version ${userVersion}) and no migration path from it. ${reset}`);
  }
  const pending = migrations.filter((m) => m.version > from);
  if (!legacy && pending.length === 0) return from;
  db.transaction(() => {
    if (legacy) {
      legacy(db);
      log(`${file}: brought the layout of older code to schema version 1`);
    }
    for (const step of pending) {
      step.up(db);
      db.pragma(`user_version = ${step.version}`);
      if (from > 0) log(`${file}: migrated to schema version ${step.version} (${step.description})`);
    }
    db.pragma(`application_id = ${APPLICATION_ID}`);
    db.pragma(`user_version = ${latest}`);
    // A step that breaks a reference must not commit.
    const broken = db.pragma('foreign_key_check') as unknown[];
    if (broken.length > 0) throw new DatabaseLayoutError(`${file}: migration left ${broken.length} broken references; nothing was changed.`);
  })();
  return from;
}
