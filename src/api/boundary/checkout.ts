/**
 * Readers of the checkout answers (`transaction`, `satispay/…`, `chiavepagamenti`,
 * `istruzioni_pagamento`): euros become cents, the provider's statuses the spec's three states.
 */
import type { CartItemKind, PaymentMethod } from '../../domain/cart';
import type { PaidLine, PaymentArrangement, PaymentState, PaymentTransaction, SatispaySettings } from '../../domain/checkout';
import { asArray, asRecord, decimal, integer, rawString, schoolDateTime, text } from './read';

/** Euros as cents; an amount no number can hold in cents (1e308) is no amount: 0. */
const cents = (v: unknown): number => {
  const c = Math.round((decimal(v) ?? 0) * 100);
  return Number.isFinite(c) ? c : 0;
};

const stateOf = (stato: unknown, fornitore: unknown): PaymentState => {
  if (stato === 'confermato' || stato === 'annullato' || stato === 'in_attesa') return stato;
  // Backends that send only the provider's status.
  if (fornitore === 'succeeded' || fornitore === 'ACCEPTED') return 'confermato';
  if (fornitore === 'canceled' || fornitore === 'CANCELED') return 'annullato';
  return 'in_attesa';
};

const methodOf = (v: unknown): PaymentMethod => (v === 'satispay' || v === 'app' ? 'app' : 'carta');

function toPaidLine(raw: unknown): PaidLine {
  const r = asRecord(raw);
  const tipo: CartItemKind = r.tipo === 'articolo' ? 'articolo' : 'pagamento';
  const id = integer(r.id) ?? 0;
  return {
    cartId: rawString(r.cart_id) ?? `${tipo}_${id}`,
    id,
    tipo,
    descrizione: text(r.descrizione) ?? '',
    quantita: integer(r.quantita) ?? 1,
    importoCent: cents(r.importo),
  };
}

export function toPaymentTransaction(raw: unknown): PaymentTransaction {
  const r = asRecord(raw);
  return {
    id: rawString(r.id) ?? '',
    metodo: methodOf(r.metodo),
    stato: stateOf(r.stato, r.stato_fornitore),
    // Backends without the field say it with the intent's own status.
    azioneRichiesta: r.azione_richiesta === true || (r.azione_richiesta === undefined && r.stato_fornitore === 'requires_action'),
    importoCent: cents(r.importo),
    // An instant with its offset, as the receipt shows it; '' when the backend gives none it can read.
    data: schoolDateTime(r.data_esito) ?? schoolDateTime(r.data_creazione) ?? '',
    errore: text(r.errore),
    righe: asArray(r.articoli).map(toPaidLine),
  };
}

/** `POST transaction` → the intent to confirm; `POST satispay/pagamento` → the payment id. */
export function toCreatedPayment(raw: unknown): { id: string; clientSecret: string | null; importoCent: number } {
  const r = asRecord(raw);
  const intent = asRecord(r.payment_intent);
  // A blank id is no payment to open or confirm.
  if (typeof r.payment_intent === 'string' && r.payment_intent.trim() !== '') return { id: r.payment_intent, clientSecret: null, importoCent: cents(r.importo) };
  const id = rawString(intent.id) ?? rawString(r.id_transazione);
  const clientSecret = rawString(intent.client_secret);
  if (!id?.trim() || !clientSecret?.trim()) throw new Error('checkout answer without an intent');
  return { id, clientSecret, importoCent: integer(intent.amount) ?? cents(r.importo) };
}

export const toPaymentKey = (raw: unknown): string => rawString(asRecord(raw).chiave) ?? '';

export function toSatispaySettings(raw: unknown): SatispaySettings {
  const r = asRecord(raw);
  return { ambiente: r.ambiente === 'PRODUCTION' ? 'PRODUCTION' : 'STAGING', keyId: rawString(r.key_id) ?? '' };
}

export function toPaymentArrangement(raw: unknown): PaymentArrangement {
  const r = asRecord(raw);
  const s = asRecord(r.sportello);
  const b = asRecord(r.bonifico);
  const luogo = text(s.luogo);
  const orari = text(s.orari);
  const beneficiario = text(b.beneficiario);
  const iban = rawString(b.iban);
  const banca = text(b.banca);
  return {
    sportello: luogo && orari ? { luogo, orari } : null,
    bonifico: beneficiario && iban ? { beneficiario, iban: iban.replace(/\s+/g, ''), banca: banca ?? '' } : null,
  };
}
