-- Area mobile: single-use codes that open the portal's mobile pages (stored as SHA-256 hashes).
CREATE TABLE mobile_codici (
  hash         TEXT PRIMARY KEY,
  id_utente    INTEGER NOT NULL REFERENCES utenti (id_utente),
  id_studente  INTEGER NOT NULL REFERENCES studenti (id),
  pagina       TEXT NOT NULL CHECK (pagina IN ('estratto-conto', 'negozio', 'carrello')),
  scadenza_ms  INTEGER NOT NULL,
  usato_ms     INTEGER
);
