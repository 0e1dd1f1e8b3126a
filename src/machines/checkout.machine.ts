import { assign, emit, setup } from 'xstate';
import { checkoutLines, itemsBlocking, type CartItem, type PaymentMethod } from '../domain/cart';
import { newIdempotencyKey, type PaymentTransaction, type PendingPayment } from '../domain/checkout';
import { paymentMachine, type PaymentOutput } from './payment.machine';

export interface CheckoutInput {
  items: CartItem[];
  /** A payment the tab kept (a reload mid-payment): resumed instead of starting over. */
  resume: PendingPayment | null;
}

export interface CheckoutContext {
  items: CartItem[];
  /** The attempt the payment actor runs: its method, lines and Idempotency-Key. */
  attempt: PendingPayment | null;
  receipt: PaymentTransaction | null;
  /** Why the last attempt ended without a payment (the server's words), shown on the choice. */
  message: string | null;
}

export type CheckoutEvent =
  | { type: 'checkout.choose'; metodo: PaymentMethod }
  | { type: 'checkout.arrange' }
  | { type: 'checkout.back' };

/**
 * Told to the screen: an attempt starts (keep it in the tab before its first call goes out) or
 * ends (forget it); `paid` once: empty the cart, refresh the statement; `unpaid` when an attempt
 * ended without a payment, back on the choice: refused or cancelled by the server (`annullato`,
 * its words shown) or left by the family (`abbandonato`); the mobile pages tell the app.
 */
export type CheckoutEmitted =
  | { type: 'checkout.attemptStarted'; attempt: PendingPayment }
  | { type: 'checkout.attemptEnded' }
  | { type: 'checkout.paid'; receipt: PaymentTransaction }
  | { type: 'checkout.unpaid'; outcome: 'annullato' | 'abbandonato' };

/**
 * The cart's checkout (docs/product.md#payments): choose how to pay — a method is offered only when every item
 * allows it —, or read how to pay the school directly; then one payment attempt (the payment
 * machine, invoked as `payment`) with a new Idempotency-Key per attempt; then the receipt.
 */
export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    emitted: {} as CheckoutEmitted,
  },
  actors: { payment: paymentMachine },
  guards: {
    resuming: ({ context }) => context.attempt !== null,
    methodBlocked: ({ context }, p: { metodo: PaymentMethod }) => context.items.length === 0 || itemsBlocking(context.items, p.metodo).length > 0,
    paid: (_, p: { o: PaymentOutput }) => p.o.kind === 'paid',
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({ items: input.items, attempt: input.resume, receipt: null, message: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'resuming', target: 'paying' }, { target: 'choosing' }],
    },
    choosing: {
      on: {
        'checkout.choose': [
          { guard: { type: 'methodBlocked', params: ({ event }) => ({ metodo: event.metodo }) } },
          {
            target: 'paying',
            actions: assign({
              attempt: ({ context, event }) => ({
                metodo: event.metodo,
                idempotencyKey: newIdempotencyKey(),
                righe: checkoutLines(context.items),
                id: null,
                clientSecret: null,
                importoCent: null,
              }),
              message: null,
            }),
          },
        ],
        'checkout.arrange': 'arrangement',
      },
    },
    arrangement: {
      on: { 'checkout.back': 'choosing' },
    },
    paying: {
      entry: emit(({ context }) => ({ type: 'checkout.attemptStarted' as const, attempt: context.attempt! })),
      exit: emit({ type: 'checkout.attemptEnded' as const }),
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context }) => context.attempt!,
        onDone: [
          {
            guard: { type: 'paid', params: ({ event }) => ({ o: event.output }) },
            target: 'paid',
            actions: [
              assign({ receipt: ({ event }) => (event.output.kind === 'paid' ? event.output.transaction : null), attempt: null }),
              emit(({ context }) => ({ type: 'checkout.paid' as const, receipt: context.receipt! })),
            ],
          },
          {
            target: 'choosing',
            actions: [
              assign({ message: ({ event }) => (event.output.kind === 'failed' ? event.output.message : null), attempt: null }),
              emit(({ context }) => ({ type: 'checkout.unpaid' as const, outcome: context.message ? ('annullato' as const) : ('abbandonato' as const) })),
            ],
          },
        ],
        onError: {
          target: 'choosing',
          actions: [
            assign({ attempt: null }),
            emit(({ context }) => ({ type: 'checkout.unpaid' as const, outcome: context.message ? ('annullato' as const) : ('abbandonato' as const) })),
          ],
        },
      },
    },
    paid: { type: 'final' },
  },
});
