/**
 * Checkout and payments (docs/product.md#payments: the payment's states, the card, the mobile-payment script): what a checkout's
 * outcome says, how a payment waiting for its outcome is kept in the tab, and the rules of the
 * two providers that the portal applies on its own side. No React, no fetch.
 */
import type { CartItemKind, CheckoutLine, PaymentMethod } from './cart';
import { isRecord, privateKey, readJson, remove, write, type KeyValueStorage } from './tabStorage';

/** docs/product.md#payments: waiting (not yet processed), confirmed, cancelled. */
export type PaymentState = 'in_attesa' | 'confermato' | 'annullato';

export interface PaidLine {
  cartId: string;
  id: number;
  tipo: CartItemKind;
  descrizione: string;
  quantita: number;
  importoCent: number;
}

/** A checkout as the server reads it back (`GET transaction/{id}`): the receipt once confirmed. */
export interface PaymentTransaction {
  id: string;
  metodo: PaymentMethod;
  stato: PaymentState;
  /**
   * Still waiting for the payer's action with the provider (a card's 3-D Secure challenge): the
   * portal resumes that action rather than asking for a card again.
   */
  azioneRichiesta: boolean;
  importoCent: number;
  /** When the outcome came (ISO instant), else when it was created. */
  data: string;
  errore: string | null;
  righe: PaidLine[];
}

/** A card checkout's intent: what the card library confirms. */
export interface CardIntent {
  id: string;
  clientSecret: string;
  importoCent: number;
}

/** A mobile-app checkout: the payment id the web button opens. */
export interface AppPayment {
  id: string;
  importoCent: number;
}

/** The school's ways to be paid outside the portal (for items neither card nor app allows). */
export interface PaymentArrangement {
  sportello: { luogo: string; orari: string } | null;
  bonifico: { beneficiario: string; iban: string; banca: string } | null;
}

export interface SatispaySettings {
  ambiente: 'STAGING' | 'PRODUCTION';
  keyId: string;
}

/**
 * The simulated providers' keys (the reference server's demo schools). With them the portal
 * loads the stand-ins the reference server serves; with any other key, the providers' own scripts.
 */
export const isSimulatedCardKey = (publishableKey: string) => publishableKey.startsWith('pk_test_simulatore_');
export const isSimulatedSatispayKey = (keyId: string) => keyId.startsWith('simulatore-');

export const STAND_IN_CARD_LIBRARY = '/simulatori/stripe.js';
export const STAND_IN_WEB_BUTTON = '/simulatori/satispay-web-button.js';

/** docs/product.md#payments: the mobile-payment script comes from the staging or the production address. */
export function satispayScript(s: SatispaySettings): string {
  if (isSimulatedSatispayKey(s.keyId)) return STAND_IN_WEB_BUTTON;
  return s.ambiente === 'PRODUCTION' ? 'https://online.satispay.com/web-button.js' : 'https://staging.online.satispay.com/web-button.js';
}

/**
 * How long to wait before each look at an app payment's status: quick at first (the payer often
 * has the phone in hand), then gentler; after the last the portal stops and asks the user.
 * About three minutes in all, 40 requests at most.
 */
export const APP_POLL_DELAYS_MS: readonly number[] = [
  ...Array<number>(10).fill(2_000),
  ...Array<number>(10).fill(4_000),
  ...Array<number>(20).fill(6_000),
];
export const appPollDelay = (attempt: number) => APP_POLL_DELAYS_MS[Math.min(attempt, APP_POLL_DELAYS_MS.length - 1)] ?? 2_000;
export const appPollExhausted = (attempt: number) => attempt >= APP_POLL_DELAYS_MS.length;

/** An Idempotency-Key (8–200 of A-Z a-z 0-9 _ . : -): one per checkout attempt. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,200}$/;
export const newIdempotencyKey = (random: () => string = () => crypto.randomUUID()) => `portale-${random()}`;

/**
 * The bank transfer's payment reference (causale): the item and the student, so the office can
 * match the transfer without asking. SEPA allows 140 characters.
 */
export function paymentReference(item: string, student: { nome: string; cognome?: string | null; classe?: string | null }): string {
  const who = [student.cognome, student.nome].filter(Boolean).join(' ');
  const parts = [item.trim(), who, student.classe ? `classe ${student.classe}` : null].filter(Boolean);
  const full = parts.join(' - ').replace(/\s+/g, ' ');
  return full.length <= 140 ? full : `${full.slice(0, 139)}…`;
}

/** The card library's answer to a confirmation or a 3-D Secure challenge: accepted, or refused with its words. */
export type CardConfirmation = { ok: true } | { ok: false; message: string };

/**
 * The payment waiting for its outcome, kept in the tab (spec: never lost): after a reload the
 * portal reads its state again instead of starting over, with the same Idempotency-Key.
 */
export interface PendingPayment {
  metodo: PaymentMethod;
  idempotencyKey: string;
  righe: CheckoutLine[];
  /** Set once the server answered the checkout. */
  id: string | null;
  clientSecret: string | null;
  importoCent: number | null;
}

export const pendingPaymentKey = (idStudente: number, anno: string) => privateKey('pagamento', idStudente, anno);

const isLine = (v: unknown): v is CheckoutLine =>
  isRecord(v) && typeof v.id === 'number' && (v.tipo === 'pagamento' || v.tipo === 'articolo');

/** What the tab kept, if it still makes sense; anything else is forgotten. */
export function readPendingPayment(raw: unknown): PendingPayment | null {
  if (!isRecord(raw)) return null;
  const { metodo, idempotencyKey, righe, id, clientSecret, importoCent } = raw;
  if (metodo !== 'carta' && metodo !== 'app') return null;
  if (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY.test(idempotencyKey)) return null;
  if (!Array.isArray(righe) || righe.length === 0 || !righe.every(isLine)) return null;
  return {
    metodo,
    idempotencyKey,
    righe,
    id: typeof id === 'string' ? id : null,
    clientSecret: typeof clientSecret === 'string' ? clientSecret : null,
    importoCent: typeof importoCent === 'number' ? importoCent : null,
  };
}

/**
 * The tab's kept payment attempt of one student and year (`sessionStorage`, private to the session):
 * kept before the checkout call goes out, told its id once the server answered, forgotten when the
 * attempt ends. A reload reads it back and resumes the attempt.
 */
export function keptPayment(storage: KeyValueStorage, scope: { id_studente: number; anno: string }) {
  const key = pendingPaymentKey(scope.id_studente, scope.anno);
  const read = () => readPendingPayment(readJson(storage, key));
  return {
    read,
    keep: (attempt: PendingPayment) => write(storage, key, attempt),
    /** The checkout call answered: the kept attempt, if it is still the one of that key, learns what the server made. */
    created(idempotencyKey: string, created: { id: string; clientSecret: string | null; importoCent: number }) {
      const kept = read();
      if (kept?.idempotencyKey === idempotencyKey) write(storage, key, { ...kept, id: created.id, clientSecret: created.clientSecret, importoCent: created.importoCent } satisfies PendingPayment);
    },
    forget: () => remove(storage, key),
  };
}
