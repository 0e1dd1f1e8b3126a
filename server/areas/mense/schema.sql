-- Area mense: menu days with their booked service, consumed meals, meal credit. Money in cents.

-- Services offered by a school's canteen; codice '--' is "no meal".
CREATE TABLE mense_servizi (
  id_scuola    TEXT NOT NULL REFERENCES scuole (id),
  codice       TEXT NOT NULL,
  descrizione  TEXT NOT NULL,
  ordinamento  INTEGER NOT NULL,
  PRIMARY KEY (id_scuola, codice)
);

-- One menu day of a student's year. servizio NULL = nothing chosen (shown as '--').
CREATE TABLE mense_giorni (
  id           INTEGER PRIMARY KEY,
  id_studente  INTEGER NOT NULL,
  anno         TEXT NOT NULL,
  data         TEXT NOT NULL,
  scadenza     TEXT NOT NULL,
  descrizione  TEXT NOT NULL,
  servizio     TEXT,
  consumato    INTEGER NOT NULL CHECK (consumato IN (0, 1)),
  costo_cent   INTEGER NOT NULL,
  UNIQUE (id_studente, anno, data),
  FOREIGN KEY (id_studente, anno) REFERENCES iscrizioni (id_studente, anno)
);

-- Top-ups (segno A) and meals charged (segno D).
CREATE TABLE mense_crediti (
  id            INTEGER PRIMARY KEY,
  id_studente   INTEGER NOT NULL,
  anno          TEXT NOT NULL,
  data          TEXT NOT NULL,
  descrizione   TEXT NOT NULL,
  importo_cent  INTEGER NOT NULL CHECK (importo_cent >= 0),
  segno         TEXT NOT NULL CHECK (segno IN ('A', 'D')),
  FOREIGN KEY (id_studente, anno) REFERENCES iscrizioni (id_studente, anno)
);
