import { describe, expect, it } from 'vitest';
import { cartTotalCent, checkoutLines, itemsBlocking, lineTotalCent, quantityProblem, restoredItems, toCents, type CartItem } from './cart';

const fee: CartItem = {
  cart_id: 'pagamento_4101', id: 4101, tipo: 'pagamento', nome: 'Uscita didattica', prezzoUnitarioCent: 1550, prezzoScontatoCent: 1550,
  sconto: null, quantita: 1, quantitaMinima: 1, quantitaMassima: 1, passo: 1, opzioni: [], pagamentoCarta: true, pagamentoApp: false,
};
const notebooks: CartItem = {
  cart_id: 'articolo_11', id: 11, tipo: 'articolo', nome: 'Quaderni', prezzoUnitarioCent: 200, prezzoScontatoCent: 180, sconto: '-10%',
  quantita: 10, quantitaMinima: 5, quantitaMassima: 50, passo: 5, opzioni: [{ id: 'rigatura', valore: 'quadretti' }], pagamentoCarta: true, pagamentoApp: true,
};

describe('cart', () => {
  it('totals in cents after the discount', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(lineTotalCent(notebooks)).toBe(1800);
    expect(cartTotalCent([fee, notebooks])).toBe(3350);
  });

  it('checks the quantity rules', () => {
    expect(quantityProblem(notebooks, 10)).toBeNull();
    expect(quantityProblem(notebooks, 3)).toBe('belowMinimum');
    expect(quantityProblem(notebooks, 55)).toBe('aboveMaximum');
    expect(quantityProblem(notebooks, 12)).toBe('notMultiple');
    expect(quantityProblem(notebooks, 7.5)).toBe('belowMinimum');
  });

  it('sends products with quantity and options, payment items by id only', () => {
    expect(checkoutLines([fee, notebooks])).toEqual([
      { id: 4101, tipo: 'pagamento' },
      { id: 11, tipo: 'articolo', quantita: 10, opzioni: [{ id: 'rigatura', valore: 'quadretti' }] },
    ]);
  });

  it('names the items that block a method', () => {
    expect(itemsBlocking([fee, notebooks], 'app')).toEqual([fee]);
    expect(itemsBlocking([fee, notebooks], 'carta')).toEqual([]);
  });
});

describe('stored cart', () => {
  it('keeps the readable items once each', () => {
    expect(restoredItems({ items: [fee, { ...fee, nome: 'again' }, { cart_id: 'x' }, notebooks] })).toEqual([fee, notebooks]);
    expect(restoredItems(null)).toEqual([]);
    expect(restoredItems({ items: 'no' })).toEqual([]);
    expect(restoredItems({ items: [{ ...notebooks, opzioni: [{ id: 1 }] }] })).toEqual([]);
  });
});
