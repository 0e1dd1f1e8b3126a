/**
 * Cart pricing and the checkout state shared by the card (PaymentIntent) and mobile-app flows.
 * The amount is always computed here, from the database; the client only names items.
 */
import { ApiError, badRequest, conflict } from '../../shared/errors';
import type { ItemRow, PagamentiRepository, ProductRow, TransactionRow } from './repository';

export interface CheckoutLineInput {
  id: number;
  tipo: 'pagamento' | 'articolo';
  quantita?: number;
  opzioni?: { id: string; valore: string }[];
}

export interface PricedLine {
  id: number;
  tipo: 'pagamento' | 'articolo';
  cart_id: string;
  descrizione: string;
  quantita: number;
  prezzo_unitario_cent: number;
  importo_cent: number;
  opzioni: { id: string; valore: string }[];
  pagamento_satispay: boolean;
  pagamento_cc: boolean;
}

export type Method = 'carta' | 'satispay';

export interface ProductOptionDef {
  id: string;
  descrizione: string;
  valori: string[];
}

export const shopDisabled = (): ApiError => new ApiError(403, 'Il negozio è temporaneamente disabilitato', 'negozio_disabilitato');

/** The request as compared for idempotency: same student, year and items (any order). */
export function canonicalRequest(studentId: number, anno: string, lines: readonly CheckoutLineInput[]): string {
  const normalised = lines
    .map((l) => ({
      cart_id: `${l.tipo}_${l.id}`,
      quantita: l.quantita ?? null,
      opzioni: [...(l.opzioni ?? [])].sort((a, b) => a.id.localeCompare(b.id)).map((o) => [o.id, o.valore]),
    }))
    .sort((a, b) => a.cart_id.localeCompare(b.cart_id));
  return JSON.stringify({ studente: studentId, anno, articoli: normalised });
}

export function itemIsPurchasable(item: ItemRow): boolean {
  return item.tipo === 'pagamento' && item.credito === 0 && item.pagato === 0 && (item.pagamento_cc === 1 || item.pagamento_satispay === 1);
}

export const discountedUnit = (p: ProductRow): number =>
  p.sconto_percentuale ? Math.round((p.prezzo_cent * (100 - p.sconto_percentuale)) / 100) : p.prezzo_cent;

const METHOD_NAME: Record<Method, string> = { carta: 'con carta', satispay: "con l'app di pagamento (Satispay)" };

/**
 * Prices the cart for `method`. Errors: 400 for bad quantities/options/duplicates, 403 when the
 * shop is disabled, 404 for unknown items, 409 for items already paid, not purchasable, or not
 * payable with that method.
 */
export function priceCart(
  repo: PagamentiRepository,
  scope: { id_studente: number; anno: string; id_scuola: string; shopActive: boolean },
  lines: readonly CheckoutLineInput[],
  method: Method,
): { lines: PricedLine[]; total: number } {
  const seen = new Set<string>();
  const priced: PricedLine[] = [];
  for (const line of lines) {
    const cartId = `${line.tipo}_${line.id}`;
    if (seen.has(cartId)) throw badRequest(`L'articolo ${cartId} è ripetuto nel carrello`, 'articolo_ripetuto');
    seen.add(cartId);
    if (line.tipo === 'pagamento') {
      const item = repo.item(line.id, scope.id_studente, scope.anno);
      if (!item) throw new ApiError(404, `Voce di pagamento non trovata: ${cartId}`, 'not_found');
      if (line.quantita !== undefined && line.quantita !== 1) {
        throw badRequest(`«${item.titolo}» si paga una sola volta: la quantità deve essere 1`, 'quantita_non_valida');
      }
      if (line.opzioni && line.opzioni.length > 0) throw badRequest(`«${item.titolo}» non ha opzioni`, 'opzione_non_valida');
      if (item.pagato === 1) throw conflict(`«${item.titolo}» risulta già pagato`);
      if (!itemIsPurchasable(item)) throw conflict(`«${item.titolo}» non è acquistabile online`);
      const allowed = method === 'carta' ? item.pagamento_cc === 1 : item.pagamento_satispay === 1;
      if (!allowed) throw conflict(`«${item.titolo}» non si può pagare ${METHOD_NAME[method]}`);
      priced.push({
        id: item.id, tipo: 'pagamento', cart_id: cartId, descrizione: item.titolo, quantita: 1, prezzo_unitario_cent: item.prezzo_cent,
        importo_cent: item.prezzo_cent, opzioni: [], pagamento_satispay: item.pagamento_satispay === 1, pagamento_cc: item.pagamento_cc === 1,
      });
      continue;
    }
    if (!scope.shopActive) throw shopDisabled();
    const product = repo.product(line.id, scope.id_scuola);
    if (!product) throw new ApiError(404, `Articolo non trovato: ${cartId}`, 'not_found');
    const q = line.quantita ?? product.quantita_minima;
    if (q < product.quantita_minima) {
      throw badRequest(`«${product.nome}»: quantità minima acquistabile ${product.quantita_minima}`, 'quantita_non_valida');
    }
    if (q > product.quantita_massima) {
      throw badRequest(`«${product.nome}»: quantità massima acquistabile ${product.quantita_massima}`, 'quantita_non_valida');
    }
    if (q % product.passo !== 0) throw badRequest(`«${product.nome}»: Acquistabile solo in multipli di ${product.passo}`, 'quantita_non_valida');
    const options = JSON.parse(product.opzioni) as ProductOptionDef[];
    const chosen = new Map<string, string>();
    for (const o of line.opzioni ?? []) {
      const def = options.find((d) => d.id === o.id);
      if (!def) throw badRequest(`«${product.nome}»: opzione sconosciuta "${o.id}"`, 'opzione_non_valida');
      if (chosen.has(o.id)) throw badRequest(`«${product.nome}»: opzione "${def.descrizione}" ripetuta`, 'opzione_non_valida');
      if (!def.valori.includes(o.valore)) {
        throw badRequest(`«${product.nome}»: ${def.descrizione} "${o.valore}" non disponibile (scegli tra ${def.valori.join(', ')})`, 'opzione_non_valida');
      }
      chosen.set(o.id, o.valore);
    }
    const missing = options.find((d) => !chosen.has(d.id));
    if (missing) throw badRequest(`«${product.nome}»: scegli ${missing.descrizione}`, 'opzione_mancante');
    const allowed = method === 'carta' ? product.pagamento_cc === 1 : product.pagamento_satispay === 1;
    if (!allowed) throw conflict(`«${product.nome}» non si può pagare ${METHOD_NAME[method]}`);
    const unit = discountedUnit(product);
    priced.push({
      id: product.id, tipo: 'articolo', cart_id: cartId, descrizione: product.nome, quantita: q, prezzo_unitario_cent: unit,
      importo_cent: unit * q, opzioni: options.map((d) => ({ id: d.id, valore: chosen.get(d.id) as string })),
      pagamento_satispay: product.pagamento_satispay === 1, pagamento_cc: product.pagamento_cc === 1,
    });
  }
  return { lines: priced, total: priced.reduce((sum, l) => sum + l.importo_cent, 0) };
}

/**
 * The provider reports success: the items become paid, products become statement rows, an
 * invoice is issued. If an item was paid meanwhile (another checkout), nothing is charged and
 * the checkout is cancelled instead. Returns whether the payment went through.
 */
export function settle(repo: PagamentiRepository, tx: TransactionRow, at: string, successStatus: string, canceledStatus: string): boolean {
  return repo.transactionScope(() => {
    const lines = JSON.parse(tx.righe) as PricedLine[];
    const alreadyPaid = lines.find((l) => l.tipo === 'pagamento' && repo.item(l.id, tx.id_studente, tx.anno)?.pagato === 1);
    if (alreadyPaid) {
      repo.updateTransaction({
        id: tx.id, stato_fornitore: canceledStatus, errore_codice: 'already_paid',
        errore: `«${alreadyPaid.descrizione}» risulta già pagato: il pagamento è stato annullato senza addebito`, data_esito: at,
      });
      return false;
    }
    for (const line of lines) {
      if (line.tipo === 'pagamento') {
        repo.markPaid(line.id, at);
      } else {
        const options = line.opzioni.map((o) => o.valore).join(', ');
        repo.insertPurchase({
          id_studente: tx.id_studente, anno: tx.anno, titolo: `Acquisto: ${line.descrizione} (x${line.quantita})`,
          // The statement shows the subtitle of a payment (docs/product.md#payments): it names what was bought.
          sottotitolo: `Negozio della scuola: ${line.descrizione} (x${line.quantita})${options ? ` - ${options}` : ''}`, prezzo_cent: line.importo_cent,
          pagamento_satispay: Number(line.pagamento_satispay), pagamento_cc: Number(line.pagamento_cc), data_pagamento: at,
        });
      }
    }
    const what = lines.length === 1 ? (lines[0] as PricedLine).descrizione : `Pagamento di ${lines.length} articoli`;
    repo.insertInvoice(tx.id_studente, tx.anno, at.slice(0, 10), what, tx.importo_cent);
    repo.updateTransaction({ id: tx.id, stato_fornitore: successStatus, errore_codice: null, errore: null, data_esito: at });
    return true;
  });
}

/** docs/product.md#payments: waiting, confirmed, cancelled. */
export function stateOf(status: string): 'in_attesa' | 'confermato' | 'annullato' {
  if (status === 'succeeded' || status === 'ACCEPTED') return 'confermato';
  if (status === 'canceled' || status === 'CANCELED') return 'annullato';
  return 'in_attesa';
}
