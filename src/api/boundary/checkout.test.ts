import { describe, expect, it } from 'vitest';
import { toCreatedPayment, toPaymentTransaction } from './checkout';

const answer = {
  id: 'pi_1', metodo: 'carta', stato: 'in_attesa', stato_fornitore: 'requires_action', azione_richiesta: true, importo: 12.5,
  data_creazione: '2026-11-20T09:00:00+01:00', data_esito: null, errore: null,
  articoli: [{ id: 3, tipo: 'articolo', cart_id: 'articolo_3', descrizione: 'Penne a sfera blu', quantita: 2, prezzo_unitario: 6.25, importo: 12.5, opzioni: [] }],
};

describe('checkout boundary', () => {
  it('reads a checkout waiting for the payer’s 3-D Secure action', () => {
    expect(toPaymentTransaction(answer)).toEqual({
      id: 'pi_1', metodo: 'carta', stato: 'in_attesa', azioneRichiesta: true, importoCent: 1_250, data: '2026-11-20T09:00:00+01:00', errore: null,
      righe: [{ cartId: 'articolo_3', id: 3, tipo: 'articolo', descrizione: 'Penne a sfera blu', quantita: 2, importoCent: 1_250 }],
    });
  });

  it('takes the server’s word on the action, and the intent’s status only when the field is missing', () => {
    expect(toPaymentTransaction({ ...answer, azione_richiesta: false }).azioneRichiesta).toBe(false);
    const older: Record<string, unknown> = { ...answer };
    delete older.azione_richiesta;
    expect(toPaymentTransaction(older).azioneRichiesta).toBe(true);
    expect(toPaymentTransaction({ ...older, stato_fornitore: 'requires_payment_method' }).azioneRichiesta).toBe(false);
    expect(toPaymentTransaction({ ...older, stato: undefined, metodo: 'satispay', stato_fornitore: 'ACCEPTED' })).toMatchObject({ metodo: 'app', stato: 'confermato', azioneRichiesta: false });
  });
});

// Found by the boundary's fuzzing (money.fuzz.test.ts).
describe('odd checkout answers', () => {
  it('reads no payment from a blank id, no Infinity from an absurd amount, and the time as an instant', () => {
    expect(() => toCreatedPayment({ payment_intent: '' })).toThrow('checkout answer without an intent');
    expect(() => toCreatedPayment({ payment_intent: { id: ' ', client_secret: 'x' } })).toThrow('checkout answer without an intent');
    expect(toCreatedPayment({ payment_intent: 'sp_1', importo: 1e308 }).importoCent).toBe(0);
    const t = toPaymentTransaction({ id: 'pi_2', importo: 1, data_esito: '2026-11-21', articoli: [{ id: 1, importo: -1e308 }] });
    expect(t.data).toBe('2026-11-21T00:00:00+01:00');
    expect(t.righe[0]!.importoCent).toBe(0);
    expect(toPaymentTransaction({ id: 'pi_3', data_esito: 'ieri' }).data).toBe('');
  });
});
