-- Area elezioni: elections of a school year; `stato` is derived from the clock. `liste` is the JSON
-- of the lists with their candidates.
CREATE TABLE elezioni (
  id              INTEGER PRIMARY KEY,
  id_scuola       TEXT NOT NULL REFERENCES scuole (id),
  anno            TEXT NOT NULL,
  titolo          TEXT NOT NULL,
  organo          TEXT NOT NULL,
  descrizione     TEXT NOT NULL,
  elettorato      TEXT NOT NULL CHECK (elettorato IN ('genitori', 'studenti', 'tutti')),
  luogo           TEXT NOT NULL,
  data_inizio     TEXT NOT NULL,
  data_fine       TEXT NOT NULL,
  preferenze_max  INTEGER NOT NULL CHECK (preferenze_max >= 0),
  liste           TEXT NOT NULL
);
CREATE INDEX elezioni_scuola_anno ON elezioni (id_scuola, anno);
