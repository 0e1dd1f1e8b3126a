-- Area alternanza: work-experience projects offered to a student. State model in
-- openapi/src/alternanza.yaml: PROPOSTO (prenotabile 1 = may subscribe, 0 = subscribed, may cancel),
-- then ISCRITTO, IN_CORSO, CONCLUSO (set by the school).
CREATE TABLE alternanza_progetti (
  id                 INTEGER PRIMARY KEY,
  id_studente        INTEGER NOT NULL,
  anno               TEXT NOT NULL,
  titolo             TEXT NOT NULL,
  descrizione        TEXT NOT NULL,
  ente               TEXT NOT NULL,
  tutor              TEXT NOT NULL,
  stato              TEXT NOT NULL CHECK (stato IN ('PROPOSTO', 'ISCRITTO', 'IN_CORSO', 'CONCLUSO')),
  prenotabile        INTEGER NOT NULL CHECK (prenotabile IN (0, 1)),
  prenotato          INTEGER NOT NULL CHECK (prenotato IN (0, 1)),
  data_prenotazione  TEXT,
  data_inizio        TEXT NOT NULL,
  data_fine          TEXT NOT NULL,
  ore                INTEGER NOT NULL CHECK (ore >= 0),
  ore_svolte         INTEGER NOT NULL CHECK (ore_svolte >= 0),
  posti_disponibili  INTEGER NOT NULL CHECK (posti_disponibili >= 0),
  FOREIGN KEY (id_studente, anno) REFERENCES iscrizioni (id_studente, anno)
);
