-- Area assenze: absences, late entries, early exits, distance-learning absences and course
-- presences (one register row each), and the bookings of entries and exits.

CREATE TABLE assenze_registro (
  id                    INTEGER PRIMARY KEY,
  id_studente           INTEGER NOT NULL,
  anno                  TEXT NOT NULL,
  data                  TEXT NOT NULL,
  orario                TEXT CHECK (orario IS NULL OR orario GLOB '[0-2][0-9]:[0-5][0-9]'),
  simbolo               TEXT NOT NULL,
  descrizione           TEXT NOT NULL,
  tipo_assenza          TEXT NOT NULL CHECK (tipo_assenza IN ('assenza', 'ritardo', 'uscita', 'dad', 'corso')),
  giustificata          TEXT NOT NULL CHECK (giustificata IN ('SI', 'NO', '')),
  giustificabile        INTEGER NOT NULL CHECK (giustificabile IN (0, 1)),
  motivazione           TEXT NOT NULL DEFAULT '',
  -- Codice of the reason chosen when justifying (lists normale / dad); NULL when none.
  tipo_giustificazione  TEXT,
  data_giustificazione  TEXT,
  prenotazione          INTEGER NOT NULL CHECK (prenotazione IN (0, 1)),
  CHECK (giustificabile = 0 OR giustificata = 'NO')
);
CREATE INDEX assenze_registro_studente ON assenze_registro (id_studente, anno, data);

CREATE TABLE assenze_prenotazioni (
  id           INTEGER PRIMARY KEY,
  id_studente  INTEGER NOT NULL,
  anno         TEXT NOT NULL,
  data         TEXT NOT NULL,
  orario       TEXT NOT NULL,
  tipo         TEXT NOT NULL CHECK (tipo IN ('entrata', 'uscita')),
  motivazione  TEXT NOT NULL,
  stato        TEXT NOT NULL CHECK (stato IN ('attiva', 'annullata')),
  creata_il    TEXT NOT NULL,
  annullata_il TEXT
);
CREATE INDEX assenze_prenotazioni_studente ON assenze_prenotazioni (id_studente, anno, data);
