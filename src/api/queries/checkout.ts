import { mutationOptions } from '@tanstack/react-query';
import { api } from '../api';
import type { CheckoutLine, PaymentMethod } from '../../domain/cart';
import type { StudentScope } from '../../domain/student';
import { keptPayment, type PaymentTransaction } from '../../domain/checkout';
import { toCreatedPayment, toPaymentArrangement, toPaymentKey, toPaymentTransaction, toSatispaySettings } from '../boundary/checkout';
import { readQuery } from './read';
import { BASE, scoped, studentPath } from './scope';

export const paymentKeyQuery = (s: StudentScope) => readQuery(`${BASE}/chiavepagamenti`, scoped(s), toPaymentKey, { staleTime: Infinity });

export const satispaySettingsQuery = (s: StudentScope) =>
  readQuery(`${BASE}/satispay/configurazione`, scoped(s), toSatispaySettings, { staleTime: Infinity });

export const paymentArrangementQuery = (s: StudentScope) =>
  readQuery(`${BASE}/istruzioni_pagamento`, scoped(s), toPaymentArrangement, { staleTime: 5 * 60_000 });

/**
 * The checkout call, with the attempt's Idempotency-Key: the same key and lines answer the same
 * intent or payment, so a retry never charges twice. The attempt the tab keeps learns what the
 * server made (its id, the card's client secret, the amount), so a reload reads it back.
 */
export const createCheckoutMutation = (s: StudentScope) =>
  mutationOptions({
    mutationKey: ['checkout', s],
    mutationFn: async ({ metodo, righe, idempotencyKey }: { metodo: PaymentMethod; righe: CheckoutLine[]; idempotencyKey: string }) => {
      const init = { params: { path: studentPath(s), header: { 'Idempotency-Key': idempotencyKey } }, body: { articoli: righe } };
      const { data } = metodo === 'carta' ? await api.client.POST(`${BASE}/transaction`, init) : await api.client.POST(`${BASE}/satispay/pagamento`, init);
      return toCreatedPayment(data);
    },
    onSuccess: (created, { idempotencyKey }) => keptPayment(sessionStorage, s).created(idempotencyKey, created),
  });

/** The server's reading of a checkout (card or app): the only word on whether it was paid. */
export async function readCheckout(s: StudentScope, id: string, signal?: AbortSignal): Promise<PaymentTransaction> {
  const { data } = await api.client.GET(`${BASE}/transaction/{id_transazione}`, {
    params: { path: { ...studentPath(s), id_transazione: id } },
    ...(signal ? { signal } : {}),
  });
  return toPaymentTransaction(data);
}

/**
 * Cancels an app payment that waits for the payer (the provider cancels only PENDING ones). What
 * it became is read back with `readCheckout`: the payer may have accepted it just before.
 */
export const cancelAppPaymentMutation = (s: StudentScope) =>
  mutationOptions({
    mutationKey: ['satispay', s, 'annulla'],
    mutationFn: async ({ id }: { id: string }): Promise<void> => {
      await api.client.POST(`${BASE}/satispay/pagamento/{paymentId}/annulla`, { params: { path: { ...studentPath(s), paymentId: id } } });
    },
  });

/**
 * The invoice issued for a confirmed checkout, as a PDF blob fetched with the session (never a
 * token in an address): the newest invoice of that day for that amount.
 */
export async function checkoutInvoice(s: StudentScope, receipt: PaymentTransaction): Promise<{ blob: Blob; fileName: string } | null> {
  const { data } = await api.client.GET(`${BASE}/fatture_ricevute`, scoped(s));
  const day = receipt.data.slice(0, 10);
  const invoice = (Array.isArray(data) ? data : [])
    .filter((f) => f.tipo === 'fattura' && f.data === day && Math.round(f.importo * 100) === receipt.importoCent)
    .sort((a, b) => b.id - a.id)[0];
  if (!invoice) return null;
  const { data: blob } = await api.client.GET(`${BASE}/fatture_ricevute/{id_fattura}/pdf`, {
    params: { path: { ...studentPath(s), id_fattura: invoice.id } },
    parseAs: 'blob',
  });
  return blob ? { blob, fileName: `${invoice.numero.replace(/[^A-Za-z0-9]+/g, '_')}.pdf` } : null;
}
