import type { QueryClient } from '@tanstack/react-query';

const PAYMENT_READS = /\/(pagamenti|estratto-conto|marketplace|articoli|fatture_ricevute|report|crediti)$/;

/** After a confirmed payment every screen that shows the items, the statement or the invoices reads again. */
export const invalidatePaymentReads = (client: QueryClient) =>
  client.invalidateQueries({ predicate: (q) => typeof q.queryKey[1] === 'string' && PAYMENT_READS.test(q.queryKey[1]) });
