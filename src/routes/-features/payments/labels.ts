import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { QuantityProblem } from '../../../domain/cart';
import type { CreditKind, PaymentStyle, ShopFailure } from '../../../domain/payments';
import type { BadgeTone } from '../../../ui/Badge';

/** A statement row's style in words; the colour only repeats it. */
export const STYLE_LABELS: Record<PaymentStyle, { label: MessageDescriptor; tone: BadgeTone }> = {
  credito: { label: msg`Credito`, tone: 'success' },
  pagato: { label: msg`Pagato`, tone: 'info' },
  scaduto: { label: msg`Scaduto`, tone: 'danger' },
};

/** The credit rows' types (docs/product.md#payments). */
export const CREDIT_KIND_LABELS: Record<CreditKind, MessageDescriptor> = {
  P: msg`Pagamento`,
  S: msg`Rimborso pagamento`,
  D: msg`Deposito`,
  I: msg`Integrazione`,
  R: msg`Restituzione`,
};

/** The shop's errors (docs/product.md#shop-and-mobile-messages). */
export const SHOP_FAILURE_TEXT: Record<Exclude<ShopFailure, 'unreachable'>, MessageDescriptor> = {
  disabled: msg`Il negozio è temporaneamente disabilitato`,
  loading: msg`Caricamento dei prodotti non riuscito`,
  server: msg`Errore del server durante il caricamento dei prodotti`,
  response: msg`Errore nella risposta dell'API: i prodotti ricevuti non sono leggibili`,
  unknown: msg`Errore sconosciuto durante il caricamento dei prodotti`,
};

/** The sample catalogue's names, in the reader's language (they are not the school's words). */
export const SAMPLE_NAMES: Record<string, MessageDescriptor> = {
  esempio_1: msg`Quaderno`,
  esempio_2: msg`Penna`,
  esempio_3: msg`Calcolatrice`,
  esempio_4: msg`Zaino`,
};

/** The quantity messages (docs/product.md#payments). */
export function quantityMessage(problem: QuantityProblem, rules: { quantitaMinima: number; quantitaMassima: number; passo: number }): MessageDescriptor | null {
  switch (problem) {
    case 'notMultiple':
      return msg`Acquistabile solo in multipli di ${rules.passo}`;
    case 'belowMinimum':
      return msg`La quantità minima è ${rules.quantitaMinima}`;
    case 'aboveMaximum':
      return msg`La quantità massima è ${rules.quantitaMassima}`;
    default:
      return null;
  }
}
