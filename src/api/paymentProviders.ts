import type { Stripe, StripeCardNumberElement } from '@stripe/stripe-js';
import { isSimulatedCardKey, satispayScript, STAND_IN_CARD_LIBRARY, type CardConfirmation, type SatispaySettings } from '../domain/checkout';

/**
 * The payment providers' browser libraries (the card library, the app's web button) and the steps
 * the payment machine's actors take with them (machines/paymentActors.ts). The screen only mounts
 * the card form (its fields are the library's) and fills the card slot.
 */

/** What the confirmation needs: the library and its card-number element (never the number itself). */
export interface CardHandle {
  stripe: Stripe;
  cardNumber: StripeCardNumberElement;
}
/** A holder the card form fills and the confirmation reads, outside React's render. */
export interface CardSlot {
  current: CardHandle | null;
}

interface WebButton {
  open(): void;
}
declare global {
  interface Window {
    SatispayWebButton?: { configure(options: { paymentId: string; token: string; onCompleted?: () => void }): WebButton };
  }
}

const loading = new Map<string, Promise<void>>();

/** One <script> per address, loaded once; a failed load may be tried again. */
function loadScript(src: string): Promise<void> {
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      loading.delete(src);
      reject(new Error(`could not load ${src}`));
    };
    document.head.append(script);
  });
  loading.set(src, promise);
  return promise;
}

/**
 * The card library for the school's key. With the simulator's key the reference server's stand-in
 * is loaded first: it sets `window.Stripe`, which `loadStripe` takes instead of injecting Stripe's
 * script, so the same code below runs in the demo, the tests and with Stripe. The `pure` entry
 * point loads nothing until this is called (the default entry injects Stripe's script on import).
 */
export async function cardLibrary(publishableKey: string): Promise<Stripe> {
  if (isSimulatedCardKey(publishableKey) && !window.Stripe) await loadScript(STAND_IN_CARD_LIBRARY);
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error('card library unavailable');
  return stripe;
}

/** docs/product.md#payments: the web button of the school's environment (the stand-in for the simulator's key), opened on the payment. */
export async function openWebButton(settings: SatispaySettings, paymentId: string): Promise<void> {
  await loadScript(satispayScript(settings));
  const factory = window.SatispayWebButton;
  if (!factory) throw new Error('web button unavailable');
  factory.configure({ paymentId, token: settings.keyId }).open();
}

/** Confirms the intent with the card the form holds (Stripe.js `confirmCardPayment`). */
export async function confirmCardPayment(card: CardSlot, clientSecret: string, name: string): Promise<CardConfirmation> {
  const handle = card.current;
  if (!handle) throw new Error('card form not ready');
  const result = await handle.stripe.confirmCardPayment(clientSecret, { payment_method: { card: handle.cardNumber, billing_details: { name } } });
  return result.error ? { ok: false, message: result.error.message ?? '' } : { ok: true };
}

/**
 * The 3-D Secure challenge of an intent that still waits for it (Stripe.js `handleNextAction`). It
 * needs the library only, not the card form, which may not be mounted yet.
 */
export async function resumeCardPayment(card: CardSlot, publishableKey: () => Promise<string>, clientSecret: string): Promise<CardConfirmation> {
  const stripe = card.current?.stripe ?? (await cardLibrary(await publishableKey()));
  const result = await stripe.handleNextAction({ clientSecret });
  return result.error ? { ok: false, message: result.error.message ?? '' } : { ok: true };
}
