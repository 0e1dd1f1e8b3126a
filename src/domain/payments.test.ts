import { describe, expect, it } from 'vitest';
import {
  canAddProduct,
  cartItemOfPayment,
  cartItemOfProduct,
  categoryBars,
  firstQuantity,
  missingOptions,
  offlineReason,
  SAMPLE_PRODUCTS,
  shopFailure,
  statementDescription,
  styleOf,
  type PaymentItem,
  type Product,
} from './payments';

const item: PaymentItem = {
  id: 4105, tipo: 'pagamento', cart_id: 'pagamento_4105', titolo: 'Laboratorio teatrale', sottotitolo: 'Quota del secondo periodo', categoria: 'Laboratori',
  prezzo: 35.5, pagamentoApp: false, pagamentoCarta: true, pagato: false, scaduto: true, credito: false, scadenza: '2026-11-01', dataPagamento: null,
  elenco: 'estratto_conto', acquistabile: true, stile: 'scaduto', movimento: false,
};
const hoodie: Product = {
  id: 11, cart_id: 'articolo_11', nome: "Felpa dell'istituto", descrizione: 'Felpa blu', categoria: 'Abbigliamento', prezzoUnitario: 28, prezzoScontato: 25.2,
  quantitaMinima: 1, quantitaMassima: 3, passo: 1, sconto: { percentuale: 10, etichetta: '-10%' },
  opzioni: [{ id: 'taglia', descrizione: 'Taglia', valori: ['S', 'M'] }, { id: 'colore', descrizione: 'Colore', valori: ['blu'] }], acquistabile: true,
};

describe('payments', () => {
  it('describes a movement by its title and a charge by its subtitle (docs/product.md#payments)', () => {
    expect(statementDescription(item)).toBe('Quota del secondo periodo');
    expect(statementDescription({ ...item, movimento: true })).toBe('Laboratorio teatrale');
  });

  it('takes the style as sent, else from the flags', () => {
    expect(styleOf(item)).toBe('scaduto');
    expect(styleOf({ ...item, stile: null, scaduto: false, pagato: true })).toBe('pagato');
    expect(styleOf({ ...item, stile: null, scaduto: false, credito: true })).toBe('credito');
    expect(styleOf({ ...item, stile: null, scaduto: false })).toBeNull();
  });

  it('says which unpaid charges are paid at the office', () => {
    expect(offlineReason(item)).toBeNull();
    expect(offlineReason({ ...item, acquistabile: false })).toBe('office');
    expect(offlineReason({ ...item, acquistabile: false, pagato: true })).toBeNull();
    expect(offlineReason({ ...item, acquistabile: false, movimento: true })).toBeNull();
  });

  it('turns a charge and a product into cart items in cents', () => {
    expect(cartItemOfPayment(item)).toMatchObject({ cart_id: 'pagamento_4105', prezzoScontatoCent: 3550, quantita: 1, pagamentoApp: false, pagamentoCarta: true });
    const chosen = [{ id: 'colore', valore: 'blu' }, { id: 'taglia', valore: 'M' }];
    expect(cartItemOfProduct(hoodie, 2, chosen)).toMatchObject({
      cart_id: 'articolo_11', prezzoUnitarioCent: 2800, prezzoScontatoCent: 2520, sconto: '-10%', quantita: 2,
      opzioni: [{ id: 'taglia', valore: 'M' }, { id: 'colore', valore: 'blu' }],
    });
  });

  it('needs every option with one of its values and a quantity within the rules', () => {
    expect(missingOptions(hoodie, [{ id: 'taglia', valore: 'XL' }]).map((o) => o.id)).toEqual(['taglia', 'colore']);
    expect(canAddProduct(hoodie, 1, [{ id: 'taglia', valore: 'S' }])).toBe(false);
    expect(canAddProduct(hoodie, 4, [{ id: 'taglia', valore: 'S' }, { id: 'colore', valore: 'blu' }])).toBe(false);
    expect(canAddProduct(hoodie, 3, [{ id: 'taglia', valore: 'S' }, { id: 'colore', valore: 'blu' }])).toBe(true);
    expect(firstQuantity({ quantitaMinima: 3, passo: 5 })).toBe(5);
  });

  it('keeps the sample catalogue out of reach of the cart', () => {
    expect(SAMPLE_PRODUCTS.map((p) => p.nome)).toEqual(['Quaderno', 'Penna', 'Calcolatrice', 'Zaino']);
    expect(SAMPLE_PRODUCTS.every((p) => !p.acquistabile && p.id < 0 && !canAddProduct(p, 1, []))).toBe(true);
  });

  it('names the shop failure (docs/product.md#shop-and-mobile-messages)', () => {
    expect(shopFailure({ status: 0, code: 'network' })).toBe('unreachable');
    expect(shopFailure({ status: 403, code: 'negozio_disabilitato' })).toBe('disabled');
    expect(shopFailure({ status: 403, code: 'forbidden' })).toBe('loading');
    expect(shopFailure({ status: 502, code: null })).toBe('server');
    expect(shopFailure({ status: 200, code: null, malformed: true })).toBe('response');
    expect(shopFailure({ status: null, code: null })).toBe('unknown');
  });

  it('scales the report bars to the largest category', () => {
    const bars = categoryBars({ categorie: [{ categoria: 'A', totale: 200, pagato: 50, daPagare: 150 }, { categoria: 'B', totale: 100, pagato: 100, daPagare: 0 }] });
    expect(bars.map((b) => [b.paidShare, b.dueShare])).toEqual([[0.25, 0.75], [0.5, 0]]);
    expect(categoryBars({ categorie: [] })).toEqual([]);
  });
});
