/** Test model inputs of the payment, shared by its unit model test and the browser transition suite. */
import type { PaymentInput } from '../payment.machine';

/** The inputs of a fresh attempt by card and by the app (the browser suite replays the same model). */
export const paymentModel = {
  card: {
    metodo: 'carta',
    idempotencyKey: 'portale-test-key-0001',
    righe: [{ id: 12, tipo: 'pagamento' }],
    id: null,
    clientSecret: null,
    importoCent: null,
  } satisfies PaymentInput,
  app: {
    metodo: 'app',
    idempotencyKey: 'portale-test-key-0002',
    righe: [{ id: 12, tipo: 'pagamento' }],
    id: null,
    clientSecret: null,
    importoCent: null,
  } satisfies PaymentInput,
};
