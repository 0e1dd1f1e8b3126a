-- Area colloqui: a meeting is one teacher's reception (individuale) or table at the general
-- meetings (generale), split into `numero_slot` slots of `durata_slot` minutes from `ora_inizio`.
CREATE TABLE colloqui (
  id             INTEGER PRIMARY KEY,
  id_scuola      TEXT NOT NULL REFERENCES scuole (id),
  anno           TEXT NOT NULL,
  tipo           TEXT NOT NULL CHECK (tipo IN ('individuale', 'generale')),
  id_professore  INTEGER NOT NULL REFERENCES professori (id),
  data           TEXT NOT NULL,
  ora_inizio     TEXT NOT NULL,
  durata_slot    INTEGER NOT NULL CHECK (durata_slot > 0),
  numero_slot    INTEGER NOT NULL CHECK (numero_slot > 0),
  modalita       TEXT NOT NULL CHECK (modalita IN ('presenza', 'online')),
  luogo          TEXT,
  link           TEXT
);
CREATE INDEX colloqui_scuola_anno ON colloqui (id_scuola, anno, data);

-- One family per slot; `id_studente` NULL is a family outside the demo. One slot per student and meeting.
CREATE TABLE colloqui_prenotazioni (
  id_colloquio       INTEGER NOT NULL REFERENCES colloqui (id),
  numero_slot        INTEGER NOT NULL,
  id_studente        INTEGER REFERENCES studenti (id),
  data_prenotazione  TEXT NOT NULL,
  PRIMARY KEY (id_colloquio, numero_slot)
);
CREATE UNIQUE INDEX colloqui_prenotazioni_studente ON colloqui_prenotazioni (id_colloquio, id_studente) WHERE id_studente IS NOT NULL;

CREATE TABLE colloqui_richieste (
  id              INTEGER PRIMARY KEY,
  id_studente     INTEGER NOT NULL,
  anno            TEXT NOT NULL,
  id_utente       INTEGER NOT NULL,
  id_professore   INTEGER NOT NULL REFERENCES professori (id),
  data_richiesta  TEXT NOT NULL,
  stato           TEXT NOT NULL CHECK (stato IN ('INVIATA', 'EVASA')),
  FOREIGN KEY (id_studente, anno) REFERENCES iscrizioni (id_studente, anno)
);

-- Where a school's meetings in presence are held (the calendar event's location).
CREATE TABLE colloqui_sedi (
  id_scuola  TEXT PRIMARY KEY REFERENCES scuole (id),
  indirizzo  TEXT NOT NULL
);
