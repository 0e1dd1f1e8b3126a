import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/database';

/**
 * What the simulated providers hold for one item, so a browser test can check that a payment was
 * charged once (a double click, a retry after a failure): every checkout (card intent or app
 * payment) of a student's year whose lines include `cart_id`, oldest first. Only with
 * the browser tests' server (see ./index.ts); read only.
 *
 *   GET /__test__/pagamenti?id_studente=501&anno=2026_2027&cart_id=articolo_3
 *       → { transazioni: [{ id, metodo, chiave_idempotenza, stato_fornitore, importo_cent, addebitata }] }
 *
 * `addebitata` is true for an intent that `succeeded` or an app payment `ACCEPTED`: a charge.
 */
const PATH = '/__test__/pagamenti';

interface Row {
  id: string;
  metodo: string;
  chiave_idempotenza: string;
  stato_fornitore: string;
  importo_cent: number;
  righe: string;
}

const schema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    required: ['id_studente', 'anno', 'cart_id'],
    properties: {
      id_studente: { type: 'integer', minimum: 1 },
      anno: { type: 'string', pattern: '^\\d{4}_\\d{4}$' },
      cart_id: { type: 'string', pattern: '^(pagamento|articolo)_\\d+$' },
    },
  },
};

export function registerPaymentHooks(app: FastifyInstance, db: Db): void {
  const rows = db.prepare<[number, string], Row>(
    `SELECT id, metodo, chiave_idempotenza, stato_fornitore, importo_cent, righe FROM pagamenti_transazioni
     WHERE id_studente = ? AND anno = ? ORDER BY rowid`,
  );
  app.get(PATH, { schema }, async (request) => {
    const { id_studente, anno, cart_id } = request.query as { id_studente: number; anno: string; cart_id: string };
    const transazioni = rows
      .all(id_studente, anno)
      .filter((r) => (JSON.parse(r.righe) as { cart_id: string }[]).some((l) => l.cart_id === cart_id))
      .map(({ righe: _righe, ...r }) => ({ ...r, addebitata: r.stato_fornitore === 'succeeded' || r.stato_fornitore === 'ACCEPTED' }));
    return { transazioni };
  });
}
