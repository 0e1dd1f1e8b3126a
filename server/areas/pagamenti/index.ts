import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { ApiError, badRequest, conflict, notFound } from '../../shared/errors';
import { romeDate, romeParts, toRomeIso } from '../../shared/time';
import type { Area } from '../area';
import {
  canonicalRequest, discountedUnit, itemIsPurchasable, priceCart, settle, shopDisabled, stateOf,
  type CheckoutLineInput, type Method, type PricedLine, type ProductOptionDef,
} from './checkout';
import { pagamentiRepository, type ItemRow, type PagamentiRepository, type ProductRow, type TransactionRow } from './repository';
import { seedPagamenti } from './seed';
import { studentAccess, type StudentAccess } from '../../shared/access';
import { sendFile } from '../../shared/files';
import { textPdf } from '../../shared/pdf';
import { euros, eurosText } from '../../shared/money';

const CREDIT_TYPES = { P: 'pagamento', S: 'rimborso_pagamento', D: 'deposito', I: 'integrazione', R: 'restituzione' } as const;
const SATISPAY_SCRIPT = {
  STAGING: 'https://staging.online.satispay.com/web-button.js',
  PRODUCTION: 'https://online.satispay.com/web-button.js',
} as const;

/** Test cards of the simulated processor (docs/payments.md). */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  threeDSecure: '4000002760003184',
  insufficientFunds: '4000000000009995',
} as const;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function sameSecret(a: string | null, b: string): boolean {
  if (a === null) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const intentNotFound = (): ApiError => new ApiError(404, 'Pagamento non trovato', 'not_found');

export function pagamentiHandlers(ctx: AppContext, db: Db) {
  const repo: PagamentiRepository = pagamentiRepository(db);
  const today = () => romeDate(ctx.now());
  const access = studentAccess(ctx);
  const scope = (request: FastifyRequest): StudentAccess => access(request, 'pagamenti');
  const shopActive = (schoolId: string) => repo.config(schoolId)?.negozio_attivo === 1;

  function itemView(item: ItemRow, day: string) {
    const charge = item.tipo === 'pagamento' && item.credito === 0;
    const scaduto = charge && item.pagato === 0 && item.data_scadenza !== null && item.data_scadenza < day;
    return {
      id: item.id,
      tipo: item.tipo,
      cart_id: `${item.tipo}_${item.id}`,
      titolo: item.titolo,
      sottotitolo: item.sottotitolo,
      categoria: item.categoria,
      prezzo: euros(item.prezzo_cent),
      pagamento_satispay: item.pagamento_satispay === 1,
      pagamento_cc: item.pagamento_cc === 1,
      pagato: item.pagato === 1,
      scaduto,
      credito: item.credito === 1,
      data_scadenza: item.data_scadenza,
      data_pagamento: item.data_pagamento,
      elenco: item.elenco,
      acquistabile: itemIsPurchasable(item),
      stile: item.credito === 1 ? 'credito' : item.pagato === 1 ? 'pagato' : scaduto ? 'scaduto' : null,
      movimento: item.tipo === 'movimento',
    };
  }

  function productView(p: ProductRow) {
    return {
      id: p.id,
      tipo: 'articolo',
      cart_id: `articolo_${p.id}`,
      nome: p.nome,
      descrizione: p.descrizione,
      categoria: p.categoria,
      prezzo_unitario: euros(p.prezzo_cent),
      prezzo_scontato: euros(discountedUnit(p)),
      quantita_minima: p.quantita_minima,
      quantita_massima: p.quantita_massima,
      passo: p.passo,
      sconto: p.sconto_percentuale ? { percentuale: p.sconto_percentuale, etichetta: p.sconto_etichetta ?? '' } : null,
      opzioni: JSON.parse(p.opzioni) as ProductOptionDef[],
      acquistabile: p.pagamento_cc === 1 || p.pagamento_satispay === 1,
    };
  }

  function intentView(tx: TransactionRow) {
    return {
      id: tx.id,
      object: 'payment_intent',
      client_secret: tx.client_secret ?? '',
      status: tx.stato_fornitore,
      amount: tx.importo_cent,
      currency: 'eur',
      last_payment_error: tx.errore_codice && tx.errore ? { code: tx.errore_codice, message: tx.errore } : null,
      next_action: tx.stato_fornitore === 'requires_action' ? { type: 'three_d_secure' } : null,
    };
  }
  const intentResult = (tx: TransactionRow) => ({
    payment_intent: intentView(tx),
    error: tx.stato_fornitore === 'succeeded' ? null : tx.errore,
  });

  function satispayView(tx: TransactionRow) {
    const lines = JSON.parse(tx.righe) as PricedLine[];
    return {
      id: tx.id,
      status: tx.stato_fornitore,
      amount_unit: tx.importo_cent,
      currency: 'EUR',
      importo: euros(tx.importo_cent),
      descrizione: lines.map((l) => (l.quantita > 1 ? `${l.descrizione} x${l.quantita}` : l.descrizione)).join(', '),
      data_creazione: tx.data_creazione,
      data_esito: tx.data_esito,
    };
  }

  /** Creates (or, for the same Idempotency-Key and items, answers again) a checkout. */
  function checkout(request: FastifyRequest, method: Method): TransactionRow {
    const { user, enrolment } = scope(request);
    const key = (request.headers['idempotency-key'] as string | undefined) ?? '';
    const { articoli } = request.body as { articoli: CheckoutLineInput[] };
    const canonical = canonicalRequest(enrolment.id, enrolment.anno, articoli);
    const existing = repo.transactionByKey(user.id_utente, method, key);
    if (existing) {
      if (existing.richiesta !== canonical) {
        throw conflict('Questa chiave di idempotenza è già stata usata per un altro carrello: ricomincia il pagamento');
      }
      return existing;
    }
    const { lines, total } = priceCart(
      repo,
      { id_studente: enrolment.id, anno: enrolment.anno, id_scuola: enrolment.id_scuola, shopActive: shopActive(enrolment.id_scuola) },
      articoli,
      method,
    );
    if (total < 50) throw badRequest("L'importo minimo per un pagamento online è 0,50 €", 'importo_minimo');
    const id = `${method === 'carta' ? 'pi' : 'sp'}_${randomBytes(12).toString('hex')}`;
    repo.insertTransaction({
      id,
      metodo: method,
      id_utente: user.id_utente,
      id_studente: enrolment.id,
      anno: enrolment.anno,
      chiave_idempotenza: key,
      richiesta: canonical,
      client_secret: method === 'carta' ? `${id}_secret_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}` : null,
      stato_fornitore: method === 'carta' ? 'requires_payment_method' : 'PENDING',
      importo_cent: total,
      righe: JSON.stringify(lines),
      data_creazione: toRomeIso(ctx.now()),
    });
    return repo.transaction(id) as TransactionRow;
  }

  /** The card intent named in the path, when the client secret matches. */
  function intentOf(request: FastifyRequest, secret: string): TransactionRow {
    const { id } = request.params as { id: string };
    const tx = repo.transaction(id);
    if (!tx || tx.metodo !== 'carta' || !sameSecret(tx.client_secret, secret)) throw intentNotFound();
    return tx;
  }

  function ownTransaction(request: FastifyRequest, id: string, method?: Method): TransactionRow {
    const { enrolment } = scope(request);
    const tx = repo.transaction(id);
    if (!tx || tx.id_studente !== enrolment.id || tx.anno !== enrolment.anno || (method && tx.metodo !== method)) throw notFound();
    return tx;
  }

  return {
    async getPaymentKey(request: FastifyRequest) {
      const { enrolment } = scope(request);
      const config = repo.config(enrolment.id_scuola);
      if (!config) throw notFound();
      return { chiave: config.chiave_pubblica };
    },

    async getCredits(request: FastifyRequest) {
      const { enrolment } = scope(request);
      const rows = repo.credits(enrolment.id, enrolment.anno);
      const saldo = rows.reduce((sum, r) => sum + (r.segno === 'A' ? r.importo_cent : -r.importo_cent), 0);
      return {
        saldo: euros(saldo),
        movimenti: rows.map((r) => ({
          id: r.id, data: r.data, descrizione: r.descrizione, importo: euros(r.importo_cent), tipo: r.tipo,
          descrizione_tipo: CREDIT_TYPES[r.tipo], segno: r.segno,
        })),
      };
    },

    async getPayments(request: FastifyRequest) {
      const { enrolment } = scope(request);
      const day = today();
      return repo.items(enrolment.id, enrolment.anno).map((i) => itemView(i, day));
    },

    async getAccountStatement(request: FastifyRequest) {
      const { enrolment } = scope(request);
      const day = today();
      const items = repo.items(enrolment.id, enrolment.anno).filter((i) => i.elenco === 'estratto_conto');
      const views = items.map((i) => itemView(i, day));
      const charges = views.filter((v) => v.tipo === 'pagamento' && !v.credito);
      const sum = (list: typeof views) => euros(list.reduce((s, v) => s + Math.round(v.prezzo * 100), 0));
      return {
        totale_pagato: sum(charges.filter((v) => v.pagato)),
        totale_da_pagare: sum(charges.filter((v) => !v.pagato)),
        totale_scaduto: sum(charges.filter((v) => v.scaduto)),
        totale_credito: sum(views.filter((v) => v.credito)),
        pagamenti: views,
      };
    },

    async getMarketplace(request: FastifyRequest) {
      const { enrolment } = scope(request);
      if (!shopActive(enrolment.id_scuola)) throw shopDisabled();
      const day = today();
      return {
        pagamenti: repo.items(enrolment.id, enrolment.anno).filter((i) => i.elenco === 'marketplace').map((i) => itemView(i, day)),
        articoli: repo.products(enrolment.id_scuola).map(productView),
      };
    },

    async getProducts(request: FastifyRequest) {
      const { enrolment } = scope(request);
      if (!shopActive(enrolment.id_scuola)) throw shopDisabled();
      return repo.products(enrolment.id_scuola).map(productView);
    },

    async getInvoices(request: FastifyRequest) {
      const { enrolment } = scope(request);
      const base = `/api/v3/scuole/${enrolment.id_scuola}/studenti/${enrolment.id}/${enrolment.anno}/fatture_ricevute`;
      return repo.invoices(enrolment.id, enrolment.anno).map((f) => ({
        id: f.id, numero: f.numero, data: f.data, tipo: f.tipo, descrizione: f.descrizione, importo: euros(f.importo_cent),
        url: `${base}/${f.id}/pdf`,
      }));
    },

    async getInvoiceFile(request: FastifyRequest, reply: FastifyReply) {
      const { enrolment } = scope(request);
      const { id_fattura } = request.params as { id_fattura: number };
      const f = repo.invoice(id_fattura, enrolment.id, enrolment.anno);
      if (!f) throw notFound();
      const title = `${f.tipo === 'fattura' ? 'Fattura' : 'Nota di credito'} n. ${f.numero}`;
      const pdf = textPdf(title, [
        enrolment.nome_scuola,
        `Data: ${f.data.split('-').reverse().join('-')}`,
        `Studente: ${enrolment.nome} ${enrolment.cognome} - classe ${enrolment.classe}`,
        `Descrizione: ${f.descrizione}`,
        `Importo: ${eurosText(f.importo_cent)} (operazione esente IVA art. 10 DPR 633/72)`,
        'Documento dimostrativo generato dal server di riferimento del Portale Famiglie.',
      ]);
      return sendFile(reply, { nome: `${f.numero.replace(/[^A-Za-z0-9]+/g, '_')}.pdf`, tipo: 'application/pdf', data: pdf, disposition: 'inline' });
    },

    async getPaymentReport(request: FastifyRequest) {
      const { enrolment } = scope(request);
      const day = today();
      const views = repo.items(enrolment.id, enrolment.anno).map((i) => itemView(i, day));
      const charges = views.filter((v) => v.tipo === 'pagamento' && !v.credito);
      const cents = (v: { prezzo: number }) => Math.round(v.prezzo * 100);
      const total = (list: typeof charges) => euros(list.reduce((s, v) => s + cents(v), 0));
      const categories = [...new Set(charges.map((v) => v.categoria))].sort();
      const credits = repo.credits(enrolment.id, enrolment.anno);
      const paid = charges.filter((v) => v.pagato && v.data_pagamento);
      return {
        anno: enrolment.anno,
        totale_dovuto: total(charges),
        totale_pagato: total(charges.filter((v) => v.pagato)),
        totale_da_pagare: total(charges.filter((v) => !v.pagato)),
        totale_scaduto: total(charges.filter((v) => v.scaduto)),
        saldo_crediti: euros(credits.reduce((s, r) => s + (r.segno === 'A' ? r.importo_cent : -r.importo_cent), 0)),
        numero_pagamenti: paid.length,
        categorie: categories.map((categoria) => {
          const of = charges.filter((v) => v.categoria === categoria);
          return {
            categoria,
            totale: total(of),
            pagato: total(of.filter((v) => v.pagato)),
            da_pagare: total(of.filter((v) => !v.pagato)),
          };
        }),
        ultimi_pagamenti: paid
          .sort((a, b) => (b.data_pagamento as string).localeCompare(a.data_pagamento as string))
          .slice(0, 5)
          .map((v) => ({ data: v.data_pagamento as string, descrizione: v.titolo, importo: v.prezzo })),
      };
    },

    async createTransaction(request: FastifyRequest) {
      const tx = checkout(request, 'carta');
      return { id_transazione: tx.id, importo: euros(tx.importo_cent), payment_intent: intentView(tx) };
    },

    async getTransaction(request: FastifyRequest) {
      const { id_transazione } = request.params as { id_transazione: string };
      const tx = ownTransaction(request, id_transazione);
      return {
        id: tx.id,
        metodo: tx.metodo,
        stato: stateOf(tx.stato_fornitore),
        stato_fornitore: tx.stato_fornitore,
        azione_richiesta: tx.stato_fornitore === 'requires_action',
        importo: euros(tx.importo_cent),
        data_creazione: tx.data_creazione,
        data_esito: tx.data_esito,
        errore: tx.errore,
        articoli: (JSON.parse(tx.righe) as PricedLine[]).map((l) => ({
          id: l.id, tipo: l.tipo, cart_id: l.cart_id, descrizione: l.descrizione, quantita: l.quantita,
          prezzo_unitario: euros(l.prezzo_unitario_cent), importo: euros(l.importo_cent), opzioni: l.opzioni,
        })),
      };
    },

    async getPaymentArrangement(request: FastifyRequest) {
      const { enrolment } = scope(request);
      const c = repo.config(enrolment.id_scuola);
      if (!c) throw notFound();
      return {
        sportello: c.sportello_luogo && c.sportello_orari ? { luogo: c.sportello_luogo, orari: c.sportello_orari } : null,
        bonifico:
          c.bonifico_beneficiario && c.bonifico_iban && c.bonifico_banca
            ? { beneficiario: c.bonifico_beneficiario, iban: c.bonifico_iban, banca: c.bonifico_banca }
            : null,
      };
    },

    async getSatispayConfiguration(request: FastifyRequest) {
      const { enrolment } = scope(request);
      const config = repo.config(enrolment.id_scuola);
      if (!config) throw notFound();
      return { ambiente: config.satispay_ambiente, key_id: config.satispay_key_id, script_url: SATISPAY_SCRIPT[config.satispay_ambiente] };
    },

    async createSatispayPayment(request: FastifyRequest) {
      const tx = checkout(request, 'satispay');
      return { payment_intent: tx.id, importo: euros(tx.importo_cent), status: tx.stato_fornitore };
    },

    async getSatispayPayment(request: FastifyRequest) {
      const { paymentId } = request.params as { paymentId: string };
      return satispayView(ownTransaction(request, paymentId, 'satispay'));
    },

    /**
     * The provider's cancel: PENDING → CANCELED, nothing else. Read and changed in one database
     * transaction with the payer's answer (`settle` runs in one too), so exactly one of them wins;
     * an ACCEPTED payment is answered as it is, so the portal learns it was paid.
     */
    async cancelSatispayPayment(request: FastifyRequest) {
      const { paymentId } = request.params as { paymentId: string };
      const own = ownTransaction(request, paymentId, 'satispay');
      const at = toRomeIso(ctx.now());
      const after = repo.transactionScope(() => {
        const tx = repo.transaction(own.id) as TransactionRow;
        if (tx.stato_fornitore === 'PENDING') {
          repo.updateTransaction({ id: tx.id, stato_fornitore: 'CANCELED', errore_codice: 'canceled', errore: 'Pagamento annullato', data_esito: at });
        }
        return repo.transaction(own.id) as TransactionRow;
      });
      return satispayView(after);
    },

    async getSimulatedPaymentIntent(request: FastifyRequest) {
      const { client_secret } = request.query as { client_secret: string };
      return intentResult(intentOf(request, client_secret));
    },

    async confirmSimulatedPaymentIntent(request: FastifyRequest) {
      const body = request.body as {
        client_secret: string;
        cardholder_name: string;
        card: { number: string; exp_month: number; exp_year: number; cvc: string };
      };
      const tx = intentOf(request, body.client_secret);
      if (tx.stato_fornitore === 'succeeded') throw conflict('Il pagamento è già stato completato');
      if (tx.stato_fornitore === 'canceled') throw conflict('Il pagamento è stato annullato: ricomincia dal carrello');
      if (tx.stato_fornitore === 'requires_action') throw conflict("Il pagamento attende l'autenticazione 3-D Secure");
      if (body.cardholder_name.trim() === '') throw badRequest('Nome titolare carta è obbligatorio', 'nome_titolare_mancante');
      const number = body.card.number.replace(/ /g, '');
      const now = ctx.now();
      const at = toRomeIso(now);
      const rome = romeParts(now);
      const decline = (code: string, message: string) => {
        repo.updateTransaction({ id: tx.id, stato_fornitore: 'requires_payment_method', errore_codice: code, errore: message, data_esito: null });
      };
      if (!/^\d{12,19}$/.test(number) || !luhn(number)) {
        decline('incorrect_number', 'Il numero della carta non è valido');
      } else if (body.card.exp_year * 12 + body.card.exp_month < rome.year * 12 + rome.month) {
        decline('expired_card', 'La carta è scaduta');
      } else if (number === TEST_CARDS.success) {
        settle(repo, tx, at, 'succeeded', 'canceled');
      } else if (number === TEST_CARDS.threeDSecure) {
        repo.updateTransaction({ id: tx.id, stato_fornitore: 'requires_action', errore_codice: null, errore: null, data_esito: null });
      } else if (number === TEST_CARDS.declined) {
        decline('card_declined', 'La carta è stata rifiutata');
      } else if (number === TEST_CARDS.insufficientFunds) {
        decline('insufficient_funds', 'Fondi insufficienti sulla carta');
      } else {
        decline('card_declined', 'Carta non accettata: in questo ambiente di prova usa una delle carte di test');
      }
      return intentResult(repo.transaction(tx.id) as TransactionRow);
    },

    async authenticateSimulatedPaymentIntent(request: FastifyRequest) {
      const { client_secret, esito } = request.body as { client_secret: string; esito: 'approva' | 'rifiuta' };
      const tx = intentOf(request, client_secret);
      if (tx.stato_fornitore !== 'requires_action') throw conflict("Il pagamento non richiede l'autenticazione 3-D Secure");
      if (esito === 'approva') {
        settle(repo, tx, toRomeIso(ctx.now()), 'succeeded', 'canceled');
      } else {
        repo.updateTransaction({
          id: tx.id, stato_fornitore: 'requires_payment_method', errore_codice: 'authentication_failed',
          errore: 'Autenticazione 3-D Secure non riuscita: il pagamento non è stato addebitato', data_esito: null,
        });
      }
      return intentResult(repo.transaction(tx.id) as TransactionRow);
    },

    async cancelSimulatedPaymentIntent(request: FastifyRequest) {
      const { client_secret } = request.body as { client_secret: string };
      const tx = intentOf(request, client_secret);
      if (tx.stato_fornitore === 'succeeded') throw conflict('Il pagamento è già stato completato e non si può annullare');
      if (tx.stato_fornitore !== 'canceled') {
        repo.updateTransaction({
          id: tx.id, stato_fornitore: 'canceled', errore_codice: 'canceled', errore: 'Pagamento annullato', data_esito: toRomeIso(ctx.now()),
        });
      }
      return intentResult(repo.transaction(tx.id) as TransactionRow);
    },

    async setSimulatedSatispayOutcome(request: FastifyRequest) {
      const { paymentId } = request.params as { paymentId: string };
      const { esito } = request.body as { esito: 'approva' | 'annulla' };
      const tx = repo.transaction(paymentId);
      if (!tx || tx.metodo !== 'satispay') throw intentNotFound();
      if (tx.stato_fornitore !== 'PENDING') {
        throw conflict(tx.stato_fornitore === 'ACCEPTED' ? 'Il pagamento è già stato accettato' : 'Il pagamento è stato annullato');
      }
      const at = toRomeIso(ctx.now());
      if (esito === 'approva') settle(repo, tx, at, 'ACCEPTED', 'CANCELED');
      else repo.updateTransaction({ id: tx.id, stato_fornitore: 'CANCELED', errore_codice: 'canceled', errore: 'Pagamento rifiutato nell\'app', data_esito: at });
      return satispayView(repo.transaction(tx.id) as TransactionRow);
    },
  };
}

/**
 * The providers' client libraries as stand-ins (docs/payments.md): same origin, so the portal's
 * Content-Security-Policy needs no outside address in the demo and the tests.
 */
const STAND_INS = {
  '/simulatori/stripe.js': 'stripe.js',
  '/simulatori/satispay-web-button.js': 'satispay-web-button.js',
} as const;

export const pagamentiArea: Area = {
  name: 'pagamenti',
  schema: readFileSync(new URL('./schema.sql', import.meta.url), 'utf8'),
  seed: seedPagamenti,
  handlers: pagamentiHandlers,
  async register(app) {
    for (const [url, file] of Object.entries(STAND_INS)) {
      const source = readFileSync(new URL(`./standins/${file}`, import.meta.url), 'utf8');
      app.get(url, async (_request, reply) =>
        reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(source),
      );
    }
  },
};
