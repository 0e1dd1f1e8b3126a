/**
 * The cart (docs/product.md#payments): what the family chose to pay, keyed by `cart_id` (`tipo` + "_" + id). Shared
 * by the administration screens that fill it and by the checkout that pays it, so both speak of the
 * same thing. Amounts are integer cents: a sum of euro decimals drifts, a sum of cents does not.
 */
export type CartItemKind = 'pagamento' | 'articolo';

export interface CartOption {
  /** The option's id (`taglia`) and the chosen value (`M`). */
  id: string;
  valore: string;
}

export interface CartItem {
  cart_id: string;
  id: number;
  tipo: CartItemKind;
  /** What the family reads: a payment item's description or a product's name. */
  nome: string;
  /** Cents per unit before and after the discount (equal without one). */
  prezzoUnitarioCent: number;
  prezzoScontatoCent: number;
  /** The discount's label as the school wrote it, when there is one. */
  sconto: string | null;
  quantita: number;
  /** Quantity rules (docs/product.md#payments); a payment item is always 1, 1, 1. */
  quantitaMinima: number;
  quantitaMassima: number;
  passo: number;
  opzioni: CartOption[];
  /** Which online methods the item allows; false for both means it is paid by arrangement. */
  pagamentoCarta: boolean;
  pagamentoApp: boolean;
}

export const toCents = (euros: number) => Math.round(euros * 100);

export const lineTotalCent = (item: CartItem) => item.prezzoScontatoCent * item.quantita;

export const cartTotalCent = (items: readonly CartItem[]) => items.reduce((sum, item) => sum + lineTotalCent(item), 0);

export const cartCount = (items: readonly CartItem[]) => items.length;

/** docs/product.md#payments: within minimum and maximum and a multiple of the step. */
export type QuantityProblem = 'belowMinimum' | 'aboveMaximum' | 'notMultiple' | null;

export function quantityProblem(rules: Pick<CartItem, 'quantitaMinima' | 'quantitaMassima' | 'passo'>, quantita: number): QuantityProblem {
  if (!Number.isInteger(quantita) || quantita < rules.quantitaMinima) return 'belowMinimum';
  if (quantita > rules.quantitaMassima) return 'aboveMaximum';
  if (quantita % rules.passo !== 0) return 'notMultiple';
  return null;
}

/** The body line of a checkout (`POST transaction`, `POST satispay/pagamento`): the server prices it. */
export interface CheckoutLine {
  id: number;
  tipo: CartItemKind;
  quantita?: number;
  opzioni?: CartOption[];
}

export function checkoutLines(items: readonly CartItem[]): CheckoutLine[] {
  return items.map((item) =>
    item.tipo === 'articolo' ? { id: item.id, tipo: item.tipo, quantita: item.quantita, opzioni: item.opzioni } : { id: item.id, tipo: item.tipo },
  );
}

export type PaymentMethod = 'carta' | 'app';

/** The items that keep a method from being offered (docs/product.md#payments: every item must allow it). */
export function itemsBlocking(items: readonly CartItem[], method: PaymentMethod): CartItem[] {
  return items.filter((item) => (method === 'carta' ? !item.pagamentoCarta : !item.pagamentoApp));
}

/** Whether a value read back from the tab's storage is still a cart item (an older portal may have saved another shape). */
export function isCartItem(v: unknown): v is CartItem {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  const num = (k: string) => typeof o[k] === 'number' && Number.isFinite(o[k]);
  return (
    typeof o.cart_id === 'string' &&
    num('id') &&
    (o.tipo === 'pagamento' || o.tipo === 'articolo') &&
    typeof o.nome === 'string' &&
    num('prezzoUnitarioCent') &&
    num('prezzoScontatoCent') &&
    (o.sconto === null || typeof o.sconto === 'string') &&
    num('quantita') &&
    num('quantitaMinima') &&
    num('quantitaMassima') &&
    num('passo') &&
    Array.isArray(o.opzioni) &&
    o.opzioni.every((op: unknown) => typeof op === 'object' && op !== null && typeof (op as CartOption).id === 'string' && typeof (op as CartOption).valore === 'string') &&
    typeof o.pagamentoCarta === 'boolean' &&
    typeof o.pagamentoApp === 'boolean'
  );
}

/** The items of a stored cart: anything unreadable is dropped, and a cart_id counts once (docs/product.md#payments). */
export function restoredItems(stored: unknown): CartItem[] {
  const list = typeof stored === 'object' && stored !== null && Array.isArray((stored as { items?: unknown }).items) ? (stored as { items: unknown[] }).items : [];
  const seen = new Set<string>();
  return list.filter(isCartItem).filter((item) => !seen.has(item.cart_id) && seen.add(item.cart_id));
}
