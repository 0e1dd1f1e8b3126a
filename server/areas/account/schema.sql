-- Area "account": sign-in with SPID (simulated identity provider).

-- The identities the demo identity provider offers (a real one would authenticate the person).
CREATE TABLE spid_identita (
  codice_fiscale  TEXT PRIMARY KEY CHECK (length(codice_fiscale) = 16),
  nome            TEXT NOT NULL,
  cognome         TEXT NOT NULL,
  nota            TEXT NOT NULL DEFAULT '',
  ordinamento     INTEGER NOT NULL
);

-- The register's side: which users a tax code signs in as (none, one or, by mistake, several).
CREATE TABLE spid_utenti (
  codice_fiscale  TEXT NOT NULL,
  id_utente       INTEGER NOT NULL REFERENCES utenti (id_utente),
  PRIMARY KEY (codice_fiscale, id_utente)
);

-- Single-use codes the identity provider hands back to the portal; only their SHA-256 is kept,
-- with the challenge (SHA-256 of the starting tab's verifier) the exchange must answer.
CREATE TABLE spid_codici (
  hash            TEXT PRIMARY KEY,
  codice_fiscale  TEXT NOT NULL REFERENCES spid_identita (codice_fiscale),
  scade_ms        INTEGER NOT NULL,
  sfida           TEXT NOT NULL
);

-- Single-use codes that hand a signed-in user over to the school's enrolment portal (SHA-256 only).
-- Good for that exchange alone: they are not tokens and open no session of the portal.
CREATE TABLE iscrizioni_codici (
  hash         TEXT PRIMARY KEY,
  id_utente    INTEGER NOT NULL REFERENCES utenti (id_utente),
  scadenza_ms  INTEGER NOT NULL,
  usato_ms     INTEGER
);
