import { describe, expect, it } from 'vitest';
import { MalformedAnswer, toProducts, toAccountStatement, toCreditStatement, toInvoices, toMarketplace, toPaymentReport, toTaxChange, toTaxConsent } from './payments';

describe('payments boundary', () => {
  it('reads a statement row as the reference server sends it, and a real backend with SI/NO flags and string ids', () => {
    const s = toAccountStatement({
      totale_pagato: 250, totale_da_pagare: '120,50', totale_scaduto: 35, totale_credito: 20,
      pagamenti: [
        { id: 4102, tipo: 'pagamento', cart_id: 'pagamento_4102', titolo: 'Assicurazione', sottotitolo: 'Polizza', categoria: 'Assicurazione', prezzo: 9.5,
          pagamento_satispay: true, pagamento_cc: true, pagato: true, scaduto: false, credito: false, data_scadenza: '2026-10-15',
          data_pagamento: '2026-10-03T18:22:00+02:00', elenco: 'estratto_conto', acquistabile: false, stile: 'pagato', movimento: false },
        { id: '77', tipo: 'movimento', titolo: 'Bonifico', prezzo: '50.00', pagato: 'SI', acquistabile: 'NO', stile: 'strano' },
        { titolo: 'senza id' },
      ],
    });
    expect(s.totaleDaPagare).toBe(120.5);
    expect(s.pagamenti).toHaveLength(2);
    expect(s.pagamenti[0]).toMatchObject({ cart_id: 'pagamento_4102', stile: 'pagato', scadenza: '2026-10-15', pagamentoApp: true, pagamentoCarta: true });
    expect(s.pagamenti[1]).toMatchObject({ id: 77, cart_id: 'movimento_77', movimento: true, pagato: true, acquistabile: false, stile: null, prezzo: 50 });
  });

  it('reads the shop, and refuses an answer that is not one (API response error)', () => {
    const m = toMarketplace({
      pagamenti: [],
      articoli: [
        { id: 11, nome: 'Felpa', prezzo_unitario: 28, prezzo_scontato: 25.2, quantita_minima: 1, quantita_massima: 3, passo: 1,
          sconto: { percentuale: 10, etichetta: '-10%' }, opzioni: [{ id: 'taglia', descrizione: 'Taglia', valori: ['S', 'M'] }, { id: 'vuota', valori: [] }], acquistabile: true },
        { id: 12, nome: 'Quaderni', prezzo_unitario: 1.2, quantita_minima: 5, quantita_massima: 2, passo: 0, sconto: null, acquistabile: true },
      ],
    });
    expect(m.articoli[0]).toMatchObject({ cart_id: 'articolo_11', sconto: { percentuale: 10, etichetta: '-10%' }, opzioni: [{ id: 'taglia', valori: ['S', 'M'] }] });
    // Rules that cannot hold are made safe: the maximum is at least the minimum, the step at least 1.
    expect(m.articoli[1]).toMatchObject({ prezzoScontato: 1.2, quantitaMinima: 5, quantitaMassima: 5, passo: 1, sconto: null });
    expect(() => toMarketplace('<html>')).toThrow(MalformedAnswer);
    expect(() => toMarketplace({ pagamenti: [] })).toThrow(MalformedAnswer);
  });

  it('reads credits, invoices and the report', () => {
    const c = toCreditStatement({ saldo: 15.5, movimenti: [{ id: 1, data: '2026-10-02', descrizione: 'Deposito', importo: -50, tipo: 'd', segno: 'A' }, { id: 2, tipo: 'X', segno: 'D', importo: 3 }] });
    expect(c.movimenti).toMatchObject([{ tipo: 'D', avere: true, importo: 50 }, { tipo: null, avere: false }]);
    const i = toInvoices([{ id: 801, numero: 'FT 1', data: '2026-10-03', tipo: 'nota di credito', importo: 9.5, url: '/x/801/pdf' }, { id: 802 }]);
    expect(i).toEqual([{ id: 801, numero: 'FT 1', data: '2026-10-03', notaDiCredito: true, descrizione: '', importo: 9.5, url: '/x/801/pdf' }]);
    expect(toPaymentReport({ categorie: [{ categoria: 'Contributi', totale: 120, pagato: 0, da_pagare: 120 }] }).categorie).toEqual([
      { categoria: 'Contributi', totale: 120, pagato: 0, daPagare: 120 },
    ]);
  });

  it('reads the tax consent and applies a change only on success true (docs/product.md#payments)', () => {
    expect(toTaxConsent({ conferma_pagante_ade: false, opposizione_ade: 'SI', data: null, attivo: 1, data_limite: '2027-02-28', pagante: 'Laura Rossi' })).toEqual({
      confermaPagante: false, opposizione: true, data: null, attivo: true, dataLimite: '2027-02-28', pagante: 'Laura Rossi',
    });
    expect(toTaxChange({ success: true, errore: null, conferma_pagante_ade: true, opposizione_ade: false, attivo: true })).toEqual({
      success: true, consent: { confermaPagante: true, opposizione: false, attivo: true },
    });
    expect(toTaxChange({ success: false, errore: 'No', conferma_pagante_ade: true })).toEqual({ success: false, errore: 'No' });
    expect(toTaxChange({})).toEqual({ success: false, errore: null });
  });
});

// Found by the boundary's fuzzing (money.fuzz.test.ts).
describe('odd payment answers', () => {
  it('keeps one row per cart id, one option per id, and decodes option values', () => {
    const row = { id: 7, tipo: 'pagamento', titolo: 'Gita', prezzo: 10 };
    expect(toAccountStatement({ pagamenti: [row, { ...row, titolo: 'Copia' }] }).pagamenti.map((p) => p.titolo)).toEqual(['Gita']);
    const [product] = toProducts([
      { id: 1, nome: 'Felpa', opzioni: [{ id: 'taglia', valori: ['S', 'M', 'M', 'DELL&#039;ARTE'] }, { id: 'taglia', valori: ['XL'] }, { id: 'colore', valori: ['blu'] }] },
      { id: 1, nome: 'Felpa (copia)' },
    ]);
    expect(product?.opzioni).toEqual([
      { id: 'taglia', descrizione: 'taglia', valori: ['S', 'M', "DELL'ARTE"] },
      { id: 'colore', descrizione: 'colore', valori: ['blu'] },
    ]);
    expect(toProducts([{ id: 1 }, { id: 1 }])).toHaveLength(1);
    expect(toInvoices([{ id: 3, url: '/f/3' }, { id: 3, url: '/f/3bis' }])).toHaveLength(1);
    expect(toCreditStatement({ movimenti: [{ id: 4, importo: 1 }, { id: 4, importo: 2 }] }).movimenti).toHaveLength(1);
  });
});
