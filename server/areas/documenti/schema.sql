-- Area documenti: documents of a student's year; the file (a small PDF or a text) is generated
-- from `contenuto` when downloaded.
CREATE TABLE documenti (
  id           INTEGER PRIMARY KEY,
  id_studente  INTEGER NOT NULL,
  anno         TEXT NOT NULL,
  titolo       TEXT NOT NULL,
  categoria    TEXT NOT NULL CHECK (categoria IN ('Certificati', 'Ricevute', 'Moduli', 'Regolamenti', 'Comunicazioni')),
  descrizione  TEXT NOT NULL,
  data         TEXT NOT NULL,
  nome_file    TEXT NOT NULL,
  tipo         TEXT NOT NULL CHECK (tipo IN ('application/pdf', 'text/plain')),
  contenuto    TEXT NOT NULL,
  dimensione   INTEGER NOT NULL,
  FOREIGN KEY (id_studente, anno) REFERENCES iscrizioni (id_studente, anno)
);
