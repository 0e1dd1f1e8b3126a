import type {
  AccountStatement,
  CreditKind,
  CreditRow,
  CreditStatement,
  Invoice,
  Marketplace,
  PaymentItem,
  PaymentReport,
  PaymentStyle,
  Product,
  ProductOption,
  TaxChangeResult,
  TaxConsent,
} from '../../domain/payments';
import { asArray, asRecord, decimal, firstOfEachId, firstText, flag, integer, isRecord, rawString, schoolDate, schoolDateTime, text } from './read';

/**
 * Payments and tax-consent answers. A row that cannot be told apart from another (no id) is
 * dropped; a missing amount is 0, a missing flag false (nothing is offered for payment that the
 * backend did not say is payable).
 */

const money = (v: unknown) => decimal(v) ?? 0;
const yes = (v: unknown) => flag(v) ?? false;
const STYLES: readonly PaymentStyle[] = ['credito', 'pagato', 'scaduto'];

export function toPaymentItem(v: unknown): PaymentItem | null {
  const r = asRecord(v);
  const id = integer(r.id);
  if (id === null) return null;
  const tipo = r.tipo === 'movimento' ? 'movimento' : 'pagamento';
  const stile = rawString(r.stile)?.toLowerCase() as PaymentStyle | undefined;
  return {
    id,
    tipo,
    cart_id: rawString(r.cart_id) ?? `${tipo}_${id}`,
    titolo: text(r.titolo) ?? '',
    sottotitolo: text(r.sottotitolo) ?? '',
    categoria: text(r.categoria) ?? '',
    prezzo: money(r.prezzo),
    pagamentoApp: yes(r.pagamento_satispay),
    pagamentoCarta: yes(r.pagamento_cc),
    pagato: yes(r.pagato),
    scaduto: yes(r.scaduto),
    credito: yes(r.credito),
    scadenza: schoolDate(r.data_scadenza),
    dataPagamento: schoolDateTime(r.data_pagamento),
    elenco: r.elenco === 'marketplace' ? 'marketplace' : 'estratto_conto',
    acquistabile: yes(r.acquistabile),
    stile: stile && STYLES.includes(stile) ? stile : null,
    movimento: yes(r.movimento) || tipo === 'movimento',
  };
}

/** Payment rows; two with one cart id would be one line of the cart twice: the first is kept. */
const items = (v: unknown) =>
  firstOfEachId(
    asArray(v)
      .map(toPaymentItem)
      .filter((i): i is PaymentItem => i !== null),
    (i) => i.cart_id,
  );

export function toAccountStatement(v: unknown): AccountStatement {
  const r = asRecord(v);
  return {
    totalePagato: money(r.totale_pagato),
    totaleDaPagare: money(r.totale_da_pagare),
    totaleScaduto: money(r.totale_scaduto),
    totaleCredito: money(r.totale_credito),
    pagamenti: items(r.pagamenti),
  };
}

function toOption(v: unknown): ProductOption | null {
  const r = asRecord(v);
  const id = rawString(r.id);
  // Values are shown to the family: text, decoded once, each offered once.
  const valori = [...new Set(asArray(r.valori).map(text).filter((s): s is string => s !== null))];
  return id === null || valori.length === 0 ? null : { id, descrizione: firstText(r.descrizione, id) ?? id, valori };
}

export function toProduct(v: unknown): Product | null {
  const r = asRecord(v);
  const id = integer(r.id);
  if (id === null) return null;
  const prezzoUnitario = money(r.prezzo_unitario);
  const sconto = asRecord(r.sconto);
  const percentuale = decimal(sconto.percentuale);
  const minimo = Math.max(1, integer(r.quantita_minima) ?? 1);
  return {
    id,
    cart_id: rawString(r.cart_id) ?? `articolo_${id}`,
    nome: text(r.nome) ?? '',
    descrizione: text(r.descrizione) ?? '',
    categoria: text(r.categoria) ?? '',
    prezzoUnitario,
    prezzoScontato: decimal(r.prezzo_scontato) ?? prezzoUnitario,
    quantitaMinima: minimo,
    quantitaMassima: Math.max(minimo, integer(r.quantita_massima) ?? minimo),
    passo: Math.max(1, integer(r.passo) ?? 1),
    sconto: percentuale !== null && percentuale > 0 ? { percentuale, etichetta: firstText(sconto.etichetta) ?? `-${percentuale}%` } : null,
    opzioni: firstOfEachId(
      asArray(r.opzioni)
        .map(toOption)
        .filter((o): o is ProductOption => o !== null),
      (o) => o.id,
    ),
    acquistabile: yes(r.acquistabile),
  };
}

/** Products; two with one cart id would be one line of the cart twice: the first is kept. */
export const toProducts = (v: unknown): Product[] =>
  firstOfEachId(
    asArray(v)
      .map(toProduct)
      .filter((p): p is Product => p !== null),
    (p) => p.cart_id,
  );

/** An answer that is not what the call returns (the shop's "API response error", docs/product.md#shop-and-mobile-messages). */
export class MalformedAnswer extends Error {
  constructor(what: string) {
    super(`malformed answer: ${what}`);
    this.name = 'MalformedAnswer';
  }
}

/** The shop's answer: an object with its product list, or a MalformedAnswer (the screen says so). */
export function toMarketplace(v: unknown): Marketplace {
  if (!isRecord(v) || !Array.isArray(v.articoli)) throw new MalformedAnswer('marketplace');
  const r = v;
  return { pagamenti: items(r.pagamenti), articoli: toProducts(r.articoli) };
}

const CREDIT_KINDS: readonly CreditKind[] = ['P', 'S', 'D', 'I', 'R'];

export function toCreditStatement(v: unknown): CreditStatement {
  const r = asRecord(v);
  const movimenti = asArray(r.movimenti).flatMap((m): CreditRow[] => {
    const row = asRecord(m);
    const id = integer(row.id);
    if (id === null) return [];
    const tipo = rawString(row.tipo)?.toUpperCase() as CreditKind | undefined;
    return [
      {
        id,
        data: schoolDate(row.data) ?? '',
        descrizione: text(row.descrizione) ?? '',
        importo: Math.abs(money(row.importo)),
        tipo: tipo && CREDIT_KINDS.includes(tipo) ? tipo : null,
        descrizioneTipo: text(row.descrizione_tipo) ?? '',
        avere: rawString(row.segno)?.toUpperCase() === 'A',
      },
    ];
  });
  return { saldo: money(r.saldo), movimenti: firstOfEachId(movimenti, (m) => m.id) };
}

export const toInvoices = (v: unknown): Invoice[] =>
  firstOfEachId(
    asArray(v).flatMap((x): Invoice[] => {
    const r = asRecord(x);
    const id = integer(r.id);
    const url = rawString(r.url);
    if (id === null || !url) return [];
    return [
      {
        id,
        numero: text(r.numero) ?? '',
        data: schoolDate(r.data) ?? '',
        notaDiCredito: /credito/i.test(rawString(r.tipo) ?? ''),
        descrizione: text(r.descrizione) ?? '',
        importo: money(r.importo),
        url,
      },
    ];
  }),
    (i) => i.id,
  );

export function toPaymentReport(v: unknown): PaymentReport {
  const r = asRecord(v);
  return {
    anno: rawString(r.anno) ?? '',
    totaleDovuto: money(r.totale_dovuto),
    totalePagato: money(r.totale_pagato),
    totaleDaPagare: money(r.totale_da_pagare),
    totaleScaduto: money(r.totale_scaduto),
    saldoCrediti: money(r.saldo_crediti),
    numeroPagamenti: integer(r.numero_pagamenti) ?? 0,
    categorie: asArray(r.categorie).map((c) => {
      const row = asRecord(c);
      return { categoria: text(row.categoria) ?? '', totale: money(row.totale), pagato: money(row.pagato), daPagare: money(row.da_pagare) };
    }),
  };
}

export function toTaxConsent(v: unknown): TaxConsent {
  const r = asRecord(v);
  return {
    confermaPagante: yes(r.conferma_pagante_ade),
    opposizione: yes(r.opposizione_ade),
    data: schoolDateTime(r.data),
    attivo: yes(r.attivo),
    dataLimite: schoolDate(r.data_limite),
    pagante: text(r.pagante) ?? '',
  };
}

/** docs/product.md#payments: a change counts only when the answer says `success` true; otherwise its `errore`. */
export function toTaxChange(v: unknown): TaxChangeResult {
  const r = asRecord(v);
  if (flag(r.success) !== true) return { success: false, errore: firstText(r.errore, r.error, r.detail) };
  const consent: Partial<TaxConsent> = {};
  if ('conferma_pagante_ade' in r) consent.confermaPagante = yes(r.conferma_pagante_ade);
  if ('opposizione_ade' in r) consent.opposizione = yes(r.opposizione_ade);
  if ('data' in r) consent.data = schoolDateTime(r.data);
  if ('attivo' in r) consent.attivo = yes(r.attivo);
  if ('data_limite' in r) consent.dataLimite = schoolDate(r.data_limite);
  if ('pagante' in r && text(r.pagante)) consent.pagante = text(r.pagante)!;
  return { success: true, consent };
}
