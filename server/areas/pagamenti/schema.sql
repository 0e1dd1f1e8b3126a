-- Area pagamenti: payment items, credits, invoices, shop, checkouts (simulated card and mobile app).
-- Money is in integer cents.

-- Per school: the shop switch and the providers' public configuration.
CREATE TABLE pagamenti_configurazione (
  id_scuola          TEXT PRIMARY KEY REFERENCES scuole (id),
  negozio_attivo     INTEGER NOT NULL CHECK (negozio_attivo IN (0, 1)),
  chiave_pubblica    TEXT NOT NULL,
  satispay_ambiente  TEXT NOT NULL CHECK (satispay_ambiente IN ('STAGING', 'PRODUCTION')),
  satispay_key_id    TEXT NOT NULL,
  -- Paying outside the portal (items neither card nor app allows): null when the school does not take that way.
  sportello_luogo    TEXT,
  sportello_orari    TEXT,
  bonifico_beneficiario TEXT,
  bonifico_iban      TEXT,
  bonifico_banca     TEXT
);

-- Charges (tipo pagamento) and recorded movements (tipo movimento) of a student's year.
CREATE TABLE pagamenti_voci (
  id                  INTEGER PRIMARY KEY,
  id_studente         INTEGER NOT NULL,
  anno                TEXT NOT NULL,
  tipo                TEXT NOT NULL CHECK (tipo IN ('pagamento', 'movimento')),
  titolo              TEXT NOT NULL,
  sottotitolo         TEXT NOT NULL,
  categoria           TEXT NOT NULL,
  prezzo_cent         INTEGER NOT NULL CHECK (prezzo_cent >= 0),
  pagamento_satispay  INTEGER NOT NULL CHECK (pagamento_satispay IN (0, 1)),
  pagamento_cc        INTEGER NOT NULL CHECK (pagamento_cc IN (0, 1)),
  pagato              INTEGER NOT NULL CHECK (pagato IN (0, 1)),
  data_pagamento      TEXT,
  credito             INTEGER NOT NULL CHECK (credito IN (0, 1)),
  data_scadenza       TEXT,
  elenco              TEXT NOT NULL CHECK (elenco IN ('estratto_conto', 'marketplace')),
  FOREIGN KEY (id_studente, anno) REFERENCES iscrizioni (id_studente, anno)
);
CREATE INDEX pagamenti_voci_studente ON pagamenti_voci (id_studente, anno);

CREATE TABLE pagamenti_crediti (
  id            INTEGER PRIMARY KEY,
  id_studente   INTEGER NOT NULL,
  anno          TEXT NOT NULL,
  data          TEXT NOT NULL,
  descrizione   TEXT NOT NULL,
  importo_cent  INTEGER NOT NULL CHECK (importo_cent >= 0),
  tipo          TEXT NOT NULL CHECK (tipo IN ('P', 'S', 'D', 'I', 'R')),
  segno         TEXT NOT NULL CHECK (segno IN ('A', 'D')),
  FOREIGN KEY (id_studente, anno) REFERENCES iscrizioni (id_studente, anno)
);

CREATE TABLE pagamenti_fatture (
  id            INTEGER PRIMARY KEY,
  id_studente   INTEGER NOT NULL,
  anno          TEXT NOT NULL,
  numero        TEXT NOT NULL,
  data          TEXT NOT NULL,
  tipo          TEXT NOT NULL CHECK (tipo IN ('fattura', 'nota di credito')),
  descrizione   TEXT NOT NULL,
  importo_cent  INTEGER NOT NULL CHECK (importo_cent >= 0),
  FOREIGN KEY (id_studente, anno) REFERENCES iscrizioni (id_studente, anno)
);

-- Shop products of a school; opzioni is JSON [{ id, descrizione, valori[] }].
CREATE TABLE pagamenti_articoli (
  id                  INTEGER PRIMARY KEY,
  id_scuola           TEXT NOT NULL REFERENCES scuole (id),
  nome                TEXT NOT NULL,
  descrizione         TEXT NOT NULL,
  categoria           TEXT NOT NULL,
  prezzo_cent         INTEGER NOT NULL CHECK (prezzo_cent > 0),
  quantita_minima     INTEGER NOT NULL CHECK (quantita_minima >= 1),
  quantita_massima    INTEGER NOT NULL,
  passo               INTEGER NOT NULL CHECK (passo >= 1),
  sconto_percentuale  REAL,
  sconto_etichetta    TEXT,
  opzioni             TEXT NOT NULL DEFAULT '[]',
  pagamento_satispay  INTEGER NOT NULL CHECK (pagamento_satispay IN (0, 1)),
  pagamento_cc        INTEGER NOT NULL CHECK (pagamento_cc IN (0, 1)),
  CHECK (quantita_massima >= quantita_minima)
);

-- One checkout: a card PaymentIntent (id pi_…) or a mobile-app payment (id sp_…).
-- righe is JSON of the priced lines; richiesta the canonical request (idempotency check).
CREATE TABLE pagamenti_transazioni (
  id                TEXT PRIMARY KEY,
  metodo            TEXT NOT NULL CHECK (metodo IN ('carta', 'satispay')),
  id_utente         INTEGER NOT NULL REFERENCES utenti (id_utente),
  id_studente       INTEGER NOT NULL,
  anno              TEXT NOT NULL,
  chiave_idempotenza TEXT NOT NULL,
  richiesta         TEXT NOT NULL,
  client_secret     TEXT,
  stato_fornitore   TEXT NOT NULL,
  importo_cent      INTEGER NOT NULL,
  righe             TEXT NOT NULL,
  errore_codice     TEXT,
  errore            TEXT,
  data_creazione    TEXT NOT NULL,
  data_esito        TEXT,
  UNIQUE (id_utente, metodo, chiave_idempotenza),
  FOREIGN KEY (id_studente, anno) REFERENCES iscrizioni (id_studente, anno)
);
