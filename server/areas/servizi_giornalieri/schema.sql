-- Area servizi_giornalieri: daily services of a school, bookings per day, prepaid credit (cents).

CREATE TABLE sg_servizi (
  id_marketplace  INTEGER PRIMARY KEY,
  id_scuola       TEXT NOT NULL REFERENCES scuole (id),
  descrizione     TEXT NOT NULL,
  costo_cent      INTEGER NOT NULL CHECK (costo_cent > 0),
  -- ISO weekdays it runs on, e.g. '12345' (Monday to Friday).
  giorni          TEXT NOT NULL,
  orario_limite   TEXT NOT NULL
);

CREATE TABLE sg_prenotazioni (
  id              INTEGER PRIMARY KEY,
  id_studente     INTEGER NOT NULL,
  anno            TEXT NOT NULL,
  id_marketplace  INTEGER NOT NULL REFERENCES sg_servizi (id_marketplace),
  data            TEXT NOT NULL,
  costo_cent      INTEGER NOT NULL,
  UNIQUE (id_studente, anno, id_marketplace, data),
  FOREIGN KEY (id_studente, anno) REFERENCES iscrizioni (id_studente, anno)
);

CREATE TABLE sg_crediti (
  id            INTEGER PRIMARY KEY,
  id_studente   INTEGER NOT NULL,
  anno          TEXT NOT NULL,
  data          TEXT NOT NULL,
  descrizione   TEXT NOT NULL,
  importo_cent  INTEGER NOT NULL CHECK (importo_cent >= 0),
  segno         TEXT NOT NULL CHECK (segno IN ('A', 'D')),
  FOREIGN KEY (id_studente, anno) REFERENCES iscrizioni (id_studente, anno)
);
