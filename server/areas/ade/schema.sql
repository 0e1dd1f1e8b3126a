-- Area ade: the tax-deduction consent (Agenzia delle Entrate) of a student's year.
CREATE TABLE ade_consensi (
  id_studente           INTEGER NOT NULL,
  anno                  TEXT NOT NULL,
  attivo                INTEGER NOT NULL CHECK (attivo IN (0, 1)),
  data_limite           TEXT,
  pagante               TEXT NOT NULL,
  conferma_pagante_ade  INTEGER NOT NULL CHECK (conferma_pagante_ade IN (0, 1)),
  opposizione_ade       INTEGER NOT NULL CHECK (opposizione_ade IN (0, 1)),
  data                  TEXT,
  PRIMARY KEY (id_studente, anno),
  FOREIGN KEY (id_studente, anno) REFERENCES iscrizioni (id_studente, anno)
);
