import type { Stripe } from '@stripe/stripe-js';
import { isSimulatedCardKey, satispayScript, STAND_IN_CARD_LIBRARY, type SatispaySettings } from '../../../../domain/checkout';

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
