/**
 * What the administration screens know of the school's payments (docs/product.md#payments): statement rows, shop
 * products, credits, invoices, the year's report and the tax consent, and the rules that turn them
 * into cart items. Amounts are euros as the contract sends them; the cart works in cents.
 */
import { quantityProblem, toCents, type CartItem, type CartOption } from './cart';

export type PaymentStyle = 'credito' | 'pagato' | 'scaduto';

export interface PaymentItem {
  id: number;
  tipo: 'pagamento' | 'movimento';
  cart_id: string;
  titolo: string;
  sottotitolo: string;
  categoria: string;
  prezzo: number;
  pagamentoApp: boolean;
  pagamentoCarta: boolean;
  pagato: boolean;
  scaduto: boolean;
  credito: boolean;
  /** Day `YYYY-MM-DD`, or null. */
  scadenza: string | null;
  /** Instant with offset, or null. */
  dataPagamento: string | null;
  elenco: 'estratto_conto' | 'marketplace';
  acquistabile: boolean;
  stile: PaymentStyle | null;
  movimento: boolean;
}

export interface AccountStatement {
  totalePagato: number;
  totaleDaPagare: number;
  totaleScaduto: number;
  totaleCredito: number;
  pagamenti: PaymentItem[];
}

export interface ProductOption {
  id: string;
  descrizione: string;
  valori: string[];
}

export interface Product {
  id: number;
  cart_id: string;
  nome: string;
  descrizione: string;
  categoria: string;
  prezzoUnitario: number;
  prezzoScontato: number;
  quantitaMinima: number;
  quantitaMassima: number;
  passo: number;
  sconto: { percentuale: number; etichetta: string } | null;
  opzioni: ProductOption[];
  acquistabile: boolean;
}

export interface Marketplace {
  pagamenti: PaymentItem[];
  articoli: Product[];
}

export type CreditKind = 'P' | 'S' | 'D' | 'I' | 'R';

export interface CreditRow {
  id: number;
  data: string;
  descrizione: string;
  importo: number;
  /** Null for a type the portal does not know: shown as the school wrote it. */
  tipo: CreditKind | null;
  descrizioneTipo: string;
  /** docs/product.md#payments: `segno` A is avere (in favour of the family), anything else dare. */
  avere: boolean;
}

export interface CreditStatement {
  saldo: number;
  movimenti: CreditRow[];
}

export interface Invoice {
  id: number;
  numero: string;
  data: string;
  notaDiCredito: boolean;
  descrizione: string;
  importo: number;
  url: string;
}

export interface PaymentReport {
  anno: string;
  totaleDovuto: number;
  totalePagato: number;
  totaleDaPagare: number;
  totaleScaduto: number;
  saldoCrediti: number;
  numeroPagamenti: number;
  categorie: Array<{ categoria: string; totale: number; pagato: number; daPagare: number }>;
}

export interface TaxConsent {
  confermaPagante: boolean;
  opposizione: boolean;
  /** Last change (instant), null when never expressed. */
  data: string | null;
  attivo: boolean;
  /** Last day to change the choice. */
  dataLimite: string | null;
  pagante: string;
}

/** A change of the tax-deduction consent: confirm or withdraw the payer, oppose or withdraw the opposition. */
export type TaxChange = { kind: 'pagante'; value: boolean } | { kind: 'opposizione'; value: boolean };

/** What the school answered to a change: applied (the new state, or part of it), or refused with its reason. */
export type TaxChangeResult = { success: true; consent: Partial<TaxConsent> } | { success: false; errore: string | null };

/** docs/product.md#payments: the statement shows `titolo` for a movement, otherwise `sottotitolo`. */
export const statementDescription = (item: Pick<PaymentItem, 'movimento' | 'titolo' | 'sottotitolo'>) => (item.movimento ? item.titolo : item.sottotitolo);

/** The row's style, from `stile` or, when a backend leaves it out, from its flags. */
export function styleOf(item: Pick<PaymentItem, 'stile' | 'credito' | 'pagato' | 'scaduto'>): PaymentStyle | null {
  if (item.stile) return item.stile;
  if (item.credito) return 'credito';
  if (item.pagato) return 'pagato';
  if (item.scaduto) return 'scaduto';
  return null;
}

/** How an item that is not paid online is paid instead, or null when it can be paid online or needs nothing. */
export function offlineReason(item: Pick<PaymentItem, 'acquistabile' | 'pagato' | 'credito' | 'movimento'>): 'office' | null {
  return !item.acquistabile && !item.pagato && !item.credito && !item.movimento ? 'office' : null;
}

export function cartItemOfPayment(item: PaymentItem): CartItem {
  const cents = toCents(item.prezzo);
  return {
    cart_id: item.cart_id,
    id: item.id,
    tipo: 'pagamento',
    nome: item.titolo,
    prezzoUnitarioCent: cents,
    prezzoScontatoCent: cents,
    sconto: null,
    quantita: 1,
    quantitaMinima: 1,
    quantitaMassima: 1,
    passo: 1,
    opzioni: [],
    pagamentoCarta: item.pagamentoCarta,
    pagamentoApp: item.pagamentoApp,
  };
}

/** docs/product.md#payments: every option of a product must be chosen, with one of its values. */
export function missingOptions(product: Pick<Product, 'opzioni'>, chosen: readonly CartOption[]): ProductOption[] {
  return product.opzioni.filter((o) => !chosen.some((c) => c.id === o.id && o.valori.includes(c.valore)));
}

/** Whether a product, with these choices, can go into the cart (docs/product.md#payments). */
export function canAddProduct(product: Product, quantita: number, chosen: readonly CartOption[]): boolean {
  return product.acquistabile && quantityProblem(productRules(product), quantita) === null && missingOptions(product, chosen).length === 0;
}

export const productRules = (p: Product) => ({ quantitaMinima: p.quantitaMinima, quantitaMassima: p.quantitaMassima, passo: p.passo });

/**
 * The cart item of a product. A product's payment methods are not in its record: the checkout asks
 * the server, which refuses a method an item does not allow (docs/payments.md).
 */
export function cartItemOfProduct(product: Product, quantita: number, chosen: readonly CartOption[]): CartItem {
  return {
    cart_id: product.cart_id,
    id: product.id,
    tipo: 'articolo',
    nome: product.nome,
    prezzoUnitarioCent: toCents(product.prezzoUnitario),
    prezzoScontatoCent: toCents(product.prezzoScontato),
    sconto: product.sconto?.etichetta ?? null,
    quantita,
    ...productRules(product),
    opzioni: product.opzioni.map((o) => ({ id: o.id, valore: chosen.find((c) => c.id === o.id)!.valore })),
    pagamentoCarta: true,
    pagamentoApp: true,
  };
}

/** The first quantity a product can be bought in: its minimum rounded up to the step. */
export const firstQuantity = (p: Pick<Product, 'quantitaMinima' | 'passo'>) => Math.ceil(p.quantitaMinima / p.passo) * p.passo;

export const categoriesOf = (products: readonly Product[]) => [...new Set(products.map((p) => p.categoria))].sort((a, b) => a.localeCompare(b, 'it'));

/**
 * docs/product.md#shop-and-mobile-messages: when the shop cannot be reached at all (network or CORS), sample products are shown.
 * They are an example, never the school's: ids are negative so nothing can confuse them with a
 * real product, and none can be bought.
 */
export const SAMPLE_PRODUCTS: readonly Product[] = [
  { nome: 'Quaderno', categoria: 'Cancelleria', prezzo: 2.5 },
  { nome: 'Penna', categoria: 'Cancelleria', prezzo: 1.2 },
  { nome: 'Calcolatrice', categoria: 'Strumenti', prezzo: 15 },
  { nome: 'Zaino', categoria: 'Abbigliamento', prezzo: 35 },
].map((p, i) => ({
  id: -(i + 1),
  cart_id: `esempio_${i + 1}`,
  nome: p.nome,
  descrizione: '',
  categoria: p.categoria,
  prezzoUnitario: p.prezzo,
  prezzoScontato: p.prezzo,
  quantitaMinima: 1,
  quantitaMassima: 1,
  passo: 1,
  sconto: null,
  opzioni: [],
  acquistabile: false,
}));

/** Totals of the year's report per category as shares of the largest, for the chart's bars. */
export function categoryBars(report: Pick<PaymentReport, 'categorie'>) {
  const max = Math.max(0, ...report.categorie.map((c) => c.totale));
  return report.categorie.map((c) => ({
    ...c,
    paidShare: max > 0 ? c.pagato / max : 0,
    dueShare: max > 0 ? c.daPagare / max : 0,
  }));
}

/**
 * The shop's errors (docs/product.md#shop-and-mobile-messages): why the products could not be shown. `status` is the answer's (0 when none
 * came back: network or CORS), null when the failure was not a call's; `malformed` when an answer
 * came but was not a product list.
 */
export type ShopFailure = 'disabled' | 'unreachable' | 'server' | 'loading' | 'response' | 'unknown';

export function shopFailure(f: { status: number | null; code: string | null; malformed?: boolean }): ShopFailure {
  if (f.malformed) return 'response';
  if (f.status === null) return 'unknown';
  if (f.status === 0) return 'unreachable';
  if (f.status === 403 && f.code === 'negozio_disabilitato') return 'disabled';
  if (f.status >= 500) return 'server';
  return 'loading';
}
