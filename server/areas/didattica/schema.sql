-- Area didattica: calendar, agenda, annotations, disciplinary notes, report cards, topics, homework,
-- timetable, tutor notes, teaching material, tests. Every table is prefixed with the area.

-- School activities of the calendar (school-wide, per year).
CREATE TABLE didattica_attivita (
  id               INTEGER PRIMARY KEY,
  id_scuola        TEXT NOT NULL,
  anno             TEXT NOT NULL,
  data             TEXT NOT NULL,
  data_ora_inizio  TEXT NOT NULL,
  data_ora_fine    TEXT NOT NULL,
  descrizione      TEXT NOT NULL,
  UNIQUE (id_scuola, anno, data, descrizione)
);

-- Weekly timetable of a class: giorno 1 = Monday … 6 = Saturday, ora 1…5 (08:00-13:00).
CREATE TABLE didattica_orario (
  id_scuola   TEXT NOT NULL,
  anno        TEXT NOT NULL,
  classe      TEXT NOT NULL,
  giorno      INTEGER NOT NULL CHECK (giorno BETWEEN 1 AND 6),
  ora         INTEGER NOT NULL CHECK (ora BETWEEN 1 AND 8),
  id_materia  INTEGER NOT NULL REFERENCES materie (id),
  docente     TEXT NOT NULL,
  aula        TEXT NOT NULL,
  PRIMARY KEY (id_scuola, anno, classe, giorno, ora)
);

CREATE TABLE didattica_agenda (
  id               INTEGER PRIMARY KEY,
  id_studente      INTEGER NOT NULL,
  anno             TEXT NOT NULL,
  data             TEXT NOT NULL,
  data_ora_inizio  TEXT NOT NULL,
  data_ora_fine    TEXT NOT NULL,
  id_materia       INTEGER REFERENCES materie (id),
  titolo           TEXT NOT NULL,
  dettaglio        TEXT NOT NULL,
  tipo             TEXT NOT NULL CHECK (tipo IN ('verifica', 'interrogazione', 'attività', 'evento')),
  novita           INTEGER NOT NULL CHECK (novita IN (0, 1))
);
CREATE INDEX didattica_agenda_studente ON didattica_agenda (id_studente, anno, data);

CREATE TABLE didattica_annotazioni (
  id                   INTEGER PRIMARY KEY,
  id_studente          INTEGER NOT NULL,
  anno                 TEXT NOT NULL,
  data                 TEXT NOT NULL,
  id_materia           INTEGER NOT NULL REFERENCES materie (id),
  simbolo              TEXT NOT NULL,
  descrizione_simbolo  TEXT NOT NULL,
  dettaglio            TEXT NOT NULL,
  novita               INTEGER NOT NULL CHECK (novita IN (0, 1))
);
CREATE INDEX didattica_annotazioni_studente ON didattica_annotazioni (id_studente, anno, data);

-- Disciplinary notes; tag is a JSON array of { codice, descrizione, ordinamento }.
CREATE TABLE didattica_note (
  id                           INTEGER PRIMARY KEY,
  id_studente                  INTEGER NOT NULL,
  anno                         TEXT NOT NULL,
  data                         TEXT NOT NULL,
  docente                      TEXT NOT NULL,
  dettaglio                    TEXT NOT NULL,
  tag                          TEXT NOT NULL,
  presa_visione                INTEGER NOT NULL CHECK (presa_visione IN (0, 1)),
  data_presa_visione           TEXT,
  data_presa_visione_tradotta  TEXT,
  novita                       INTEGER NOT NULL CHECK (novita IN (0, 1))
);
CREATE INDEX didattica_note_studente ON didattica_note (id_studente, anno, data);

-- Report cards; righe is a JSON array of { materia, voto } printed in the PDF attachment.
CREATE TABLE didattica_pagelle (
  id                  INTEGER PRIMARY KEY,
  id_studente         INTEGER NOT NULL,
  anno                TEXT NOT NULL,
  titolo              TEXT NOT NULL,
  periodo             TEXT NOT NULL,
  data_pubblicazione  TEXT NOT NULL,
  dettaglio           TEXT NOT NULL,
  nome_file           TEXT NOT NULL,
  righe               TEXT NOT NULL
);
CREATE INDEX didattica_pagelle_studente ON didattica_pagelle (id_studente, anno);

CREATE TABLE didattica_argomenti (
  id           INTEGER PRIMARY KEY,
  id_studente  INTEGER NOT NULL,
  anno         TEXT NOT NULL,
  data         TEXT NOT NULL,
  id_materia   INTEGER NOT NULL REFERENCES materie (id),
  modulo       TEXT NOT NULL,
  dettaglio    TEXT NOT NULL
);
CREATE INDEX didattica_argomenti_studente ON didattica_argomenti (id_studente, anno, data);

CREATE TABLE didattica_compiti (
  id             INTEGER PRIMARY KEY,
  id_studente    INTEGER NOT NULL,
  anno           TEXT NOT NULL,
  data           TEXT NOT NULL,
  data_consegna  TEXT NOT NULL CHECK (data_consegna >= data),
  id_materia     INTEGER NOT NULL REFERENCES materie (id),
  dettaglio      TEXT NOT NULL,
  novita         INTEGER NOT NULL CHECK (novita IN (0, 1))
);
CREATE INDEX didattica_compiti_studente ON didattica_compiti (id_studente, anno, data_consegna);

CREATE TABLE didattica_note_tutor (
  id           INTEGER PRIMARY KEY,
  id_studente  INTEGER NOT NULL,
  anno         TEXT NOT NULL,
  data         TEXT NOT NULL,
  tutor        TEXT NOT NULL,
  titolo       TEXT NOT NULL,
  dettaglio    TEXT NOT NULL,
  letta        INTEGER NOT NULL CHECK (letta IN (0, 1))
);
CREATE INDEX didattica_note_tutor_studente ON didattica_note_tutor (id_studente, anno, data);

CREATE TABLE didattica_materiale (
  id           INTEGER PRIMARY KEY,
  id_studente  INTEGER NOT NULL,
  anno         TEXT NOT NULL,
  id_materia   INTEGER NOT NULL REFERENCES materie (id),
  data         TEXT NOT NULL,
  titolo       TEXT NOT NULL,
  descrizione  TEXT NOT NULL
);
CREATE INDEX didattica_materiale_studente ON didattica_materiale (id_studente, anno, data);

-- tipo is the MIME type; contenuto the text of the file (the PDF is generated from it).
CREATE TABLE didattica_materiale_allegati (
  id            INTEGER PRIMARY KEY,
  id_materiale  INTEGER NOT NULL REFERENCES didattica_materiale (id),
  nome          TEXT NOT NULL,
  tipo          TEXT NOT NULL CHECK (tipo IN ('application/pdf', 'text/plain')),
  contenuto     TEXT NOT NULL
);
CREATE INDEX didattica_materiale_allegati_materiale ON didattica_materiale_allegati (id_materiale, id);

CREATE TABLE didattica_verifiche (
  id           INTEGER PRIMARY KEY,
  id_studente  INTEGER NOT NULL,
  anno         TEXT NOT NULL,
  id_materia   INTEGER NOT NULL REFERENCES materie (id),
  data         TEXT NOT NULL,
  titolo       TEXT NOT NULL,
  tipo         TEXT NOT NULL CHECK (tipo IN ('scritto', 'orale')),
  argomenti    TEXT NOT NULL
);
CREATE INDEX didattica_verifiche_studente ON didattica_verifiche (id_studente, anno, data);
