import type { QueryClient } from '@tanstack/react-query';
import { confirmCardPayment, openWebButton, resumeCardPayment, type CardSlot } from '../api/paymentProviders';
import { cancelAppPaymentMutation, createCheckoutMutation, paymentKeyQuery, readCheckout, satispaySettingsQuery } from '../api/queries/checkout';
import type { StudentScope } from '../domain/student';
import { callActor, mutationActor } from './mutationActor';
import type { paymentMachine } from './payment.machine';

/** Waits `ms` (no wait for 0), or less when the actor is stopped. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (ms <= 0) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });

/**
 * The payment machine's actors for a student: the contract's checkout calls (the writes from their
 * mutationOptions), the card library's confirmation and 3-D Secure challenge with the card the form
 * holds (`card`), the app's web button, and the server's reading of the payment after a wait.
 */
export function paymentActors(queryClient: QueryClient, scope: StudentScope, card: CardSlot) {
  return {
    createPayment: mutationActor(queryClient, createCheckoutMutation(scope)),
    cancelApp: mutationActor(queryClient, cancelAppPaymentMutation(scope)),
    confirmCard: callActor(({ clientSecret, name }: { clientSecret: string; name: string }) => confirmCardPayment(card, clientSecret, name)),
    resumeCard: callActor(({ clientSecret }: { clientSecret: string }) =>
      resumeCardPayment(card, () => queryClient.fetchQuery(paymentKeyQuery(scope)), clientSecret),
    ),
    openApp: callActor(async ({ id }: { id: string }) => openWebButton(await queryClient.fetchQuery(satispaySettingsQuery(scope)), id)),
    readPayment: callActor(async ({ id, waitMs }: { id: string; waitMs: number }, signal) => {
      await sleep(waitMs, signal);
      return readCheckout(scope, id, signal);
    }),
  } satisfies Parameters<typeof paymentMachine.provide>[0]['actors'];
}
