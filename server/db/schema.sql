-- Portale Famiglie reference server: core tables. Areas add theirs (server/areas/*); the schema
-- version is a hash of all the SQL, so an older database is seeded again on start.

CREATE TABLE scuole (
  id                       TEXT PRIMARY KEY,
  nome                     TEXT NOT NULL,
  url                      TEXT NOT NULL,
  recupera_password        TEXT NOT NULL,
  login_spid               INTEGER NOT NULL CHECK (login_spid IN (0, 1)),
  parametri_spid           TEXT NOT NULL DEFAULT '{}',
  login_username_password  INTEGER NOT NULL CHECK (login_username_password IN (0, 1)),
  disclaimer_login         TEXT NOT NULL DEFAULT ''
);

-- Configuration of a school for one school year (studente/info).
CREATE TABLE anni_scolastici (
  id_scuola                       TEXT NOT NULL REFERENCES scuole (id),
  anno                            TEXT NOT NULL,
  descrizione                     TEXT NOT NULL,
  voti_pesati                     TEXT NOT NULL CHECK (voti_pesati IN ('SI', 'NO')),
  media_voti                      TEXT NOT NULL CHECK (media_voti IN ('SI', 'NO')),
  richiesta_colloqui_individuali  TEXT NOT NULL CHECK (richiesta_colloqui_individuali IN ('SI', 'NO')),
  prenotazione_entrate_attiva     INTEGER NOT NULL CHECK (prenotazione_entrate_attiva IN (0, 1)),
  prenotazione_uscite_attiva      INTEGER NOT NULL CHECK (prenotazione_uscite_attiva IN (0, 1)),
  orario_limite_prenotazioni      TEXT NOT NULL,
  PRIMARY KEY (id_scuola, anno)
);

CREATE TABLE periodi (
  id_scuola    TEXT NOT NULL,
  anno         TEXT NOT NULL,
  numero       INTEGER NOT NULL,
  periodo      TEXT NOT NULL,
  data_inizio  TEXT NOT NULL,
  data_fine    TEXT NOT NULL,
  PRIMARY KEY (id_scuola, anno, numero),
  FOREIGN KEY (id_scuola, anno) REFERENCES anni_scolastici (id_scuola, anno)
);

CREATE TABLE utenti (
  id_utente      INTEGER PRIMARY KEY,
  mastercom_id   INTEGER NOT NULL UNIQUE,
  username       TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash  TEXT NOT NULL,
  nome           TEXT NOT NULL,
  cognome        TEXT NOT NULL,
  tipo           TEXT NOT NULL CHECK (tipo IN ('genitore', 'studente'))
);

CREATE TABLE studenti (
  id                  INTEGER PRIMARY KEY,
  id_scuola           TEXT NOT NULL REFERENCES scuole (id),
  nome                TEXT NOT NULL,
  cognome             TEXT NOT NULL,
  anno_corrente       TEXT NOT NULL,
  versione_messenger  TEXT NOT NULL CHECK (versione_messenger IN ('VERSIONE_1', 'VERSIONE_2'))
);

-- Which students a signed-in user may see.
CREATE TABLE utenti_studenti (
  id_utente    INTEGER NOT NULL REFERENCES utenti (id_utente),
  id_studente  INTEGER NOT NULL REFERENCES studenti (id),
  PRIMARY KEY (id_utente, id_studente)
);

-- A student's class in a school year.
CREATE TABLE iscrizioni (
  id_studente  INTEGER NOT NULL REFERENCES studenti (id),
  anno         TEXT NOT NULL,
  classe       TEXT NOT NULL,
  indirizzo    TEXT NOT NULL,
  PRIMARY KEY (id_studente, anno)
);

-- The servizi map of a student's year; one row per service key.
CREATE TABLE servizi_iscrizione (
  id_studente  INTEGER NOT NULL,
  anno         TEXT NOT NULL,
  servizio     TEXT NOT NULL,
  attivo       INTEGER NOT NULL CHECK (attivo IN (0, 1)),
  PRIMARY KEY (id_studente, anno, servizio),
  FOREIGN KEY (id_studente, anno) REFERENCES iscrizioni (id_studente, anno)
);

CREATE TABLE professori (
  id         INTEGER PRIMARY KEY,
  id_scuola  TEXT NOT NULL REFERENCES scuole (id),
  nome       TEXT NOT NULL
);

-- Subjects of a class in a school year.
CREATE TABLE materie (
  id           INTEGER PRIMARY KEY,
  id_scuola    TEXT NOT NULL REFERENCES scuole (id),
  anno         TEXT NOT NULL,
  classe       TEXT NOT NULL,
  descrizione  TEXT NOT NULL,
  ordinamento  INTEGER NOT NULL
);
CREATE INDEX materie_classe ON materie (id_scuola, anno, classe, ordinamento);

CREATE TABLE materie_professori (
  id_materia     INTEGER NOT NULL REFERENCES materie (id),
  id_professore  INTEGER NOT NULL REFERENCES professori (id),
  PRIMARY KEY (id_materia, id_professore)
);

CREATE TABLE voti (
  id                           INTEGER PRIMARY KEY,
  id_studente                  INTEGER NOT NULL,
  anno                         TEXT NOT NULL,
  id_materia                   INTEGER NOT NULL REFERENCES materie (id),
  data                         TEXT NOT NULL,
  data_inserimento             TEXT NOT NULL,
  simbolo                      TEXT NOT NULL,
  voto_numerico                REAL,
  colore_simbolo               TEXT NOT NULL,
  sottotitolo                  TEXT NOT NULL,
  descrizione_peso             TEXT NOT NULL,
  valore_peso                  REAL NOT NULL CHECK (valore_peso >= 0),
  voto_pesato                  INTEGER NOT NULL CHECK (voto_pesato IN (0, 1)),
  is_voto                      INTEGER NOT NULL CHECK (is_voto IN (0, 1)),
  is_competenza                INTEGER NOT NULL CHECK (is_competenza IN (0, 1)),
  competenza                   TEXT,
  presa_visione                INTEGER NOT NULL CHECK (presa_visione IN (0, 1)),
  data_presa_visione           TEXT,
  data_presa_visione_tradotta  TEXT,
  novita                       INTEGER NOT NULL CHECK (novita IN (0, 1)),
  dettaglio                    TEXT NOT NULL,
  FOREIGN KEY (id_studente, anno) REFERENCES iscrizioni (id_studente, anno)
);
CREATE INDEX voti_studente_anno ON voti (id_studente, anno, data DESC, id DESC);


-- Sessions (OWASP ASVS V7): one row per sign-in. A token names its session; the session is alive
-- while its row exists, its version equals the user's and it is younger than the absolute cap.
-- Sign-out deletes the row (ASVS 3.3.1); a password change raises the user's version and carries
-- the current session over (3.3.3: every other session ends). Only the newest token of a session
-- may be refreshed: a replayed older one ends the session.
CREATE TABLE versioni_sessione (
  id_utente  INTEGER PRIMARY KEY REFERENCES utenti (id_utente),
  versione   INTEGER NOT NULL
);

CREATE TABLE sessioni (
  id            TEXT PRIMARY KEY,
  id_utente     INTEGER NOT NULL REFERENCES utenti (id_utente),
  versione      INTEGER NOT NULL,
  iniziata_ms   INTEGER NOT NULL,
  ultimo_jti    TEXT NOT NULL
);
CREATE INDEX sessioni_utente ON sessioni (id_utente);
