import { describe, expect, it } from 'vitest';
import {
  APP_POLL_DELAYS_MS, appPollExhausted, IDEMPOTENCY_KEY, isSimulatedCardKey, newIdempotencyKey, paymentReference,
  pendingPaymentKey, readPendingPayment, satispayScript,
} from './checkout';

describe('payments rules', () => {
  it('tells the simulator’s keys from real ones', () => {
    expect(isSimulatedCardKey('pk_test_simulatore_DEMO01')).toBe(true);
    expect(isSimulatedCardKey('pk_test_51H8abc')).toBe(false);
    expect(isSimulatedCardKey('pk_live_51H8abc')).toBe(false);
  });

  it('picks the web-button script by environment, the stand-in for the simulator (docs/product.md#payments)', () => {
    expect(satispayScript({ ambiente: 'STAGING', keyId: 'abc' })).toBe('https://staging.online.satispay.com/web-button.js');
    expect(satispayScript({ ambiente: 'PRODUCTION', keyId: 'abc' })).toBe('https://online.satispay.com/web-button.js');
    expect(satispayScript({ ambiente: 'STAGING', keyId: 'simulatore-DEMO01' })).toBe('/simulatori/satispay-web-button.js');
  });

  it('bounds the looks at an app payment to about three minutes', () => {
    const total = APP_POLL_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(150_000);
    expect(total).toBeLessThanOrEqual(200_000);
    expect(appPollExhausted(APP_POLL_DELAYS_MS.length - 1)).toBe(false);
    expect(appPollExhausted(APP_POLL_DELAYS_MS.length)).toBe(true);
  });

  it('makes keys the server accepts', () => {
    expect(newIdempotencyKey(() => '0f8c2a4e-1b3d-4e5f-8a9b-0c1d2e3f4a5b')).toMatch(IDEMPOTENCY_KEY);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });

  it('names the item and the student in the transfer reference, within 140 characters', () => {
    expect(paymentReference('Fotocopie primo quadrimestre', { nome: 'Marco', cognome: 'Rossi', classe: '2A' })).toBe(
      'Fotocopie primo quadrimestre - Rossi Marco - classe 2A',
    );
    expect(paymentReference('x'.repeat(200), { nome: 'Marco' })).toHaveLength(140);
  });

  it('keeps the pending payment per student and year, and forgets what does not make sense', () => {
    expect(pendingPaymentKey(501, '2026_2027')).toBe('portale-famiglie.privato.pagamento.501.2026_2027');
    const kept = { metodo: 'carta', idempotencyKey: 'portale-abcdefgh', righe: [{ id: 12, tipo: 'pagamento' }], id: 'pi_1', clientSecret: 'pi_1_secret_x', importoCent: 4500 };
    expect(readPendingPayment(kept)).toEqual(kept);
    expect(readPendingPayment({ ...kept, id: undefined, clientSecret: 3 })).toMatchObject({ id: null, clientSecret: null });
    expect(readPendingPayment({ ...kept, metodo: 'bonifico' })).toBeNull();
    expect(readPendingPayment({ ...kept, idempotencyKey: 'short' })).toBeNull();
    expect(readPendingPayment({ ...kept, righe: [] })).toBeNull();
    expect(readPendingPayment('garbage')).toBeNull();
  });
});
