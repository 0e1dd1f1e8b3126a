-- Area messaggi: communications (VERSIONE_1), threads (VERSIONE_2), sent messages, notice board,
-- recipients and attachments. Instants are ISO 8601 with offset; `giorno` is their Rome date
-- (YYYY-MM-DD) for the date-range filters.

CREATE TABLE messaggi_comunicazioni (
  id                   INTEGER PRIMARY KEY,
  id_studente          INTEGER NOT NULL,
  anno                 TEXT NOT NULL,
  titolo               TEXT NOT NULL,
  dettaglio            TEXT NOT NULL,
  mittente_nome        TEXT NOT NULL,
  mittente_ruolo       TEXT NOT NULL,
  data                 TEXT NOT NULL,
  giorno               TEXT NOT NULL,
  tipo_messaggio       TEXT NOT NULL CHECK (tipo_messaggio IN ('circolare', 'comunicazione', 'avviso')),
  da_leggere           INTEGER NOT NULL CHECK (da_leggere IN (0, 1)),
  data_lettura         TEXT,
  presa_visione        INTEGER NOT NULL CHECK (presa_visione IN (0, 1)),
  conferma_lettura     INTEGER NOT NULL CHECK (conferma_lettura IN (0, 1)),
  sottoscrizione       INTEGER NOT NULL CHECK (sottoscrizione IN (0, 1)),
  data_sottoscrizione  TEXT,
  novita               INTEGER NOT NULL CHECK (novita IN (0, 1)),
  FOREIGN KEY (id_studente, anno) REFERENCES iscrizioni (id_studente, anno)
);
CREATE INDEX messaggi_comunicazioni_studente ON messaggi_comunicazioni (id_studente, anno, data DESC);

-- The API id of a thread is `<id>_ver_<versione>`. `id_utente` is the user who started it (a
-- family's thread is theirs alone); NULL for a thread the school started, seen by every user of
-- the student. The same holds for each message: a family message is its writer's only.
CREATE TABLE messaggi_thread (
  id              INTEGER PRIMARY KEY,
  versione        INTEGER NOT NULL DEFAULT 2,
  id_studente     INTEGER NOT NULL,
  anno            TEXT NOT NULL,
  id_utente       INTEGER,
  titolo          TEXT NOT NULL,
  sottotitolo     TEXT NOT NULL,
  mittente_nome   TEXT NOT NULL,
  mittente_ruolo  TEXT NOT NULL,
  tipo_messaggio  TEXT NOT NULL,
  inviato         INTEGER NOT NULL CHECK (inviato IN (0, 1)),
  novita          INTEGER NOT NULL CHECK (novita IN (0, 1)),
  FOREIGN KEY (id_studente, anno) REFERENCES iscrizioni (id_studente, anno)
);
CREATE INDEX messaggi_thread_studente ON messaggi_thread (id_studente, anno);

CREATE TABLE messaggi_thread_messaggi (
  id                INTEGER PRIMARY KEY,
  id_thread         INTEGER NOT NULL REFERENCES messaggi_thread (id),
  id_utente         INTEGER,
  mittente_nome     TEXT NOT NULL,
  mittente_ruolo    TEXT NOT NULL,
  inviato           INTEGER NOT NULL CHECK (inviato IN (0, 1)),
  testo             TEXT NOT NULL,
  data              TEXT NOT NULL,
  giorno            TEXT NOT NULL,
  da_leggere        INTEGER NOT NULL CHECK (da_leggere IN (0, 1)),
  data_lettura      TEXT,
  presa_visione     INTEGER NOT NULL CHECK (presa_visione IN (0, 1)),
  conferma_lettura  INTEGER NOT NULL CHECK (conferma_lettura IN (0, 1)),
  sottoscrizione    INTEGER NOT NULL CHECK (sottoscrizione IN (0, 1))
);
CREATE INDEX messaggi_thread_messaggi_thread ON messaggi_thread_messaggi (id_thread, data);

-- Messages sent by the family with the VERSIONE_1 form; `destinatari` is the JSON of the recipients.
CREATE TABLE messaggi_inviati (
  id             INTEGER PRIMARY KEY,
  id_studente    INTEGER NOT NULL,
  anno           TEXT NOT NULL,
  id_utente      INTEGER NOT NULL,
  titolo         TEXT NOT NULL,
  testo          TEXT NOT NULL,
  destinatari    TEXT NOT NULL,
  data           TEXT NOT NULL,
  giorno         TEXT NOT NULL,
  presa_visione  INTEGER NOT NULL CHECK (presa_visione IN (0, 1)),
  FOREIGN KEY (id_studente, anno) REFERENCES iscrizioni (id_studente, anno)
);

CREATE TABLE messaggi_bacheca (
  id           INTEGER PRIMARY KEY,
  id_studente  INTEGER NOT NULL,
  anno         TEXT NOT NULL,
  sezione      TEXT NOT NULL CHECK (sezione IN ('notizie', 'bacheca')),
  titolo       TEXT NOT NULL,
  testo        TEXT NOT NULL,
  data         TEXT NOT NULL,
  giorno       TEXT NOT NULL,
  autore       TEXT NOT NULL,
  categoria    TEXT NOT NULL,
  in_evidenza  INTEGER NOT NULL CHECK (in_evidenza IN (0, 1)),
  novita       INTEGER NOT NULL CHECK (novita IN (0, 1)),
  -- Opened by the family, and the sign-up the school asks for on some items (events, initiatives).
  da_leggere         INTEGER NOT NULL DEFAULT 1 CHECK (da_leggere IN (0, 1)),
  data_lettura       TEXT,
  richiede_adesione  INTEGER NOT NULL DEFAULT 0 CHECK (richiede_adesione IN (0, 1)),
  adesione           INTEGER NOT NULL DEFAULT 0 CHECK (adesione IN (0, 1)),
  data_adesione      TEXT,
  FOREIGN KEY (id_studente, anno) REFERENCES iscrizioni (id_studente, anno)
);

-- School staff of the address book; the class's teachers are added from the core tables.
CREATE TABLE messaggi_destinatari (
  id_scuola     TEXT NOT NULL REFERENCES scuole (id),
  id            TEXT NOT NULL,
  gruppo        TEXT NOT NULL CHECK (gruppo IN ('Amministratori', 'Segreteria', 'Professori')),
  descrizione   TEXT NOT NULL,
  per_genitori  INTEGER NOT NULL CHECK (per_genitori IN (0, 1)),
  per_studenti  INTEGER NOT NULL CHECK (per_studenti IN (0, 1)),
  PRIMARY KEY (id_scuola, id)
);

-- An attachment belongs to at most one item; an uploaded one (id_utente set) stays unattached until
-- it is sent, and is deleted with its file when it was never sent within a day (see uploads.ts).
-- `file` is its name under <DATA_DIR>/allegati/; NULL means a seeded file whose PDF is generated
-- from `testo`.
CREATE TABLE messaggi_allegati (
  id                   INTEGER PRIMARY KEY,
  id_studente          INTEGER NOT NULL,
  anno                 TEXT NOT NULL,
  id_utente            INTEGER,
  nome                 TEXT NOT NULL,
  tipo                 TEXT NOT NULL,
  dimensione           INTEGER NOT NULL,
  file                 TEXT,
  testo                TEXT,
  data                 TEXT NOT NULL,
  id_comunicazione     INTEGER REFERENCES messaggi_comunicazioni (id),
  id_thread_messaggio  INTEGER REFERENCES messaggi_thread_messaggi (id),
  id_inviato           INTEGER REFERENCES messaggi_inviati (id),
  id_bacheca           INTEGER REFERENCES messaggi_bacheca (id)
);
CREATE INDEX messaggi_allegati_studente ON messaggi_allegati (id_studente, anno);
