import { readFileSync } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { notFound } from '../../shared/errors';
import { addDays, romeDate, romeInstant, toRomeIso } from '../../shared/time';
import type { Area } from '../area';
import { studentAccess } from '../../shared/access';
import { seedEnrolments } from '../../shared/enrolments';

/** Students whose school has not activated the consent (demo: the student account). */
export const TAX_CONSENT_INACTIVE_STUDENTS = [503];

export const NOT_ACTIVE_ERROR = 'Il servizio non è attivo: la scelta non è modificabile per questo anno scolastico';
export const OPPOSED_ERROR = "Hai espresso opposizione all'invio dei dati: revocala prima di confermare il pagante";

interface ConsentRow {
  id_studente: number;
  anno: string;
  attivo: number;
  data_limite: string | null;
  pagante: string;
  conferma_pagante_ade: number;
  opposizione_ade: number;
  data: string | null;
}

function seedAde(db: Db, now: Date): void {
  const insert = db.prepare(
    `INSERT INTO ade_consensi (id_studente, anno, attivo, data_limite, pagante, conferma_pagante_ade, opposizione_ade, data)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const payer = db.prepare<[number], { nome: string }>(
    `SELECT u.nome || ' ' || u.cognome AS nome FROM utenti_studenti us JOIN utenti u ON u.id_utente = us.id_utente
      WHERE us.id_studente = ? ORDER BY u.tipo = 'genitore' DESC, u.id_utente LIMIT 1`,
  );
  db.transaction(() => {
    for (const e of seedEnrolments(db, now)) {
      const active = e.current && !TAX_CONSENT_INACTIVE_STUDENTS.includes(e.id_studente);
      // Giulia's family already confirmed the payer; the past year was confirmed too.
      const confirmed = e.id_studente === 502 || !e.current;
      const when = confirmed ? toRomeIso(romeInstant(addDays(e.anchor, -20), '19:42')) : null;
      insert.run(
        e.id_studente, e.anno, Number(active), `${e.startYear + 1}-02-28`, payer.get(e.id_studente)?.nome ?? e.nome,
        Number(confirmed), 0, when,
      );
    }
  })();
}

function adeHandlers(ctx: AppContext, db: Db) {
  const access = studentAccess(ctx);
  const s = {
    get: db.prepare<[number, string], ConsentRow>('SELECT * FROM ade_consensi WHERE id_studente = ? AND anno = ?'),
    update: db.prepare<[number, number, string, number, string]>(
      'UPDATE ade_consensi SET conferma_pagante_ade = ?, opposizione_ade = ?, data = ? WHERE id_studente = ? AND anno = ?',
    ),
  };

  function consentOf(request: FastifyRequest): ConsentRow {
    const { enrolment } = access(request);
    const row = s.get.get(enrolment.id, enrolment.anno);
    if (!row) throw notFound();
    return row;
  }
  const isActive = (row: ConsentRow): boolean =>
    row.attivo === 1 && (row.data_limite === null || romeDate(ctx.now()) <= row.data_limite);
  const result = (row: ConsentRow, errore: string | null) => ({
    success: errore === null,
    errore,
    conferma_pagante_ade: row.conferma_pagante_ade === 1,
    opposizione_ade: row.opposizione_ade === 1,
    data: row.data,
    attivo: isActive(row),
  });
  function apply(row: ConsentRow, conferma: boolean, opposizione: boolean) {
    const at = toRomeIso(ctx.now());
    s.update.run(Number(conferma), Number(opposizione), at, row.id_studente, row.anno);
    return result(s.get.get(row.id_studente, row.anno) as ConsentRow, null);
  }

  return {
    async getTaxConsent(request: FastifyRequest) {
      const row = consentOf(request);
      return {
        conferma_pagante_ade: row.conferma_pagante_ade === 1,
        opposizione_ade: row.opposizione_ade === 1,
        data: row.data,
        attivo: isActive(row),
        data_limite: row.data_limite,
        pagante: row.pagante,
      };
    },

    async getTaxPayerConfirmation(request: FastifyRequest) {
      const row = consentOf(request);
      return { conferma_pagante_ade: row.conferma_pagante_ade === 1, data: row.data, attivo: isActive(row), pagante: row.pagante };
    },

    async getTaxOpposition(request: FastifyRequest) {
      const row = consentOf(request);
      return { opposizione_ade: row.opposizione_ade === 1, data: row.data, attivo: isActive(row) };
    },

    async setTaxPayerConfirmation(request: FastifyRequest) {
      const row = consentOf(request);
      const { conferma_pagante_ade } = request.body as { conferma_pagante_ade: boolean };
      if (!isActive(row)) return result(row, NOT_ACTIVE_ERROR);
      if (conferma_pagante_ade && row.opposizione_ade === 1) return result(row, OPPOSED_ERROR);
      return apply(row, conferma_pagante_ade, row.opposizione_ade === 1);
    },

    async setTaxOpposition(request: FastifyRequest) {
      const row = consentOf(request);
      const { opposizione_ade } = request.body as { opposizione_ade: boolean };
      if (!isActive(row)) return result(row, NOT_ACTIVE_ERROR);
      // Opposing means no data is sent: the payer confirmation no longer applies.
      return apply(row, opposizione_ade ? false : row.conferma_pagante_ade === 1, opposizione_ade);
    },
  };
}

export const adeArea: Area = {
  name: 'ade',
  schema: readFileSync(new URL('./schema.sql', import.meta.url), 'utf8'),
  seed: seedAde,
  handlers: adeHandlers,
};
