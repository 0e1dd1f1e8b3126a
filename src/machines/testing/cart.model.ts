/** Test model inputs of the cart, shared by its unit model test and the browser transition suite. */
import type { CartItem } from '../../domain/cart';
import type { CartEvent, CartInput } from '../cart.machine';

/** Demo data as the browser suite finds it: the overdue theatre workshop (card only) and the exercise books sold in fives. */
const base: CartItem = {
  cart_id: 'pagamento_5', id: 5, tipo: 'pagamento', nome: 'Laboratorio teatrale - primo acconto', prezzoUnitarioCent: 3500, prezzoScontatoCent: 3500,
  sconto: null, quantita: 1, quantitaMinima: 1, quantitaMassima: 1, passo: 1, opzioni: [], pagamentoCarta: true, pagamentoApp: false,
};
const notebooks: CartItem = {
  cart_id: 'articolo_3', id: 3, tipo: 'articolo', nome: 'Quaderni a quadretti 5 mm', prezzoUnitarioCent: 120, prezzoScontatoCent: 120, sconto: null,
  quantita: 5, quantitaMinima: 5, quantitaMassima: 50, passo: 5, opzioni: [], pagamentoCarta: true, pagamentoApp: true,
};

/**
 * Test model inputs shared by the unit model test and the browser suite: a fee, a product sold in
 * fives, a product whose quantity breaks its rules, and every way to change them.
 */
export const cartModel = {
  items: { fee: base, notebooks, badNotebooks: { ...notebooks, quantita: 7 } },
  inputs: { fresh: { items: [] } satisfies CartInput, restored: { items: [notebooks, base] } satisfies CartInput },
  events: [
    { type: 'cart.added', item: base },
    { type: 'cart.added', item: notebooks },
    { type: 'cart.added', item: { ...notebooks, quantita: 7 } },
    { type: 'cart.removed', cart_id: base.cart_id },
    { type: 'cart.removed', cart_id: 'articolo_99' },
    { type: 'cart.quantitySet', cart_id: notebooks.cart_id, quantita: 10 },
    { type: 'cart.quantitySet', cart_id: notebooks.cart_id, quantita: 7 },
    { type: 'cart.optionsSet', cart_id: notebooks.cart_id, opzioni: [{ id: 'rigatura', valore: 'quadretti' }] },
    { type: 'cart.paymentStarted', paymentId: 'pi_1', details: { metodo: 'carta' } },
    { type: 'cart.emptied' },
    { type: 'cart.paid' },
  ] satisfies CartEvent[],
};
