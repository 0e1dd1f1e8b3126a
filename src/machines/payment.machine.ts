import { assign, emit, fromPromise, setup } from 'xstate';
import type { CheckoutLine, PaymentMethod } from '../domain/cart';
import type { ActionFailure } from '../domain/failure';
import { appPollDelay, appPollExhausted, type CardConfirmation, type PaymentTransaction, type PendingPayment } from '../domain/checkout';

/** What the checkout call answered: a card intent (with its client secret) or an app payment. */
export interface CreatedPayment {
  id: string;
  clientSecret: string | null;
  importoCent: number;
}

export type PaymentInput = PendingPayment;

export interface PaymentContext {
  metodo: PaymentMethod;
  idempotencyKey: string;
  righe: CheckoutLine[];
  id: string | null;
  clientSecret: string | null;
  importoCent: number | null;
  /** Why the last card attempt did not go through (the provider's words, or the form's). */
  message: string | 'nameRequired' | null;
  failure: ActionFailure | null;
  /** Looks at the app payment's status since the wait (re)started. */
  attempt: number;
  transaction: PaymentTransaction | null;
  ending: PaymentOutput['kind'] | null;
}

export type PaymentEvent =
  | { type: 'card.submit'; name: string }
  | { type: 'app.reopen' }
  | { type: 'app.keepWaiting' }
  | { type: 'payment.retry' }
  | { type: 'payment.abandon' };

export type PaymentOutput =
  | { kind: 'paid'; transaction: PaymentTransaction }
  | { kind: 'failed'; message: string | null }
  | { kind: 'abandoned' };

/** Told to the screen: keep this in the tab (`pending`) or forget it (`ended`). */
export type PaymentEmitted = { type: 'payment.pending'; pending: PendingPayment } | { type: 'payment.ended' };

const pendingOf = (c: PaymentContext): PendingPayment => ({
  metodo: c.metodo,
  idempotencyKey: c.idempotencyKey,
  righe: c.righe,
  id: c.id,
  clientSecret: c.clientSecret,
  importoCent: c.importoCent,
});

/**
 * One payment attempt (docs/product.md#payments; docs/payments.md), by card or by the mobile payment app.
 *
 * Never twice: the attempt's Idempotency-Key is fixed by the input and used for every try, so a
 * retry after a failure answers the same intent; one call at a time, so a double click sends one.
 * Never lost: the attempt is told to the screen (`payment.pending`) before the checkout call, so a
 * reload finds it, and a resumed attempt with an id starts by reading its state back.
 * Success is said only after the server's own reading (`confirmato`); so is the end of a cancelled
 * app payment, since the payer may have accepted it just before the cancel (then it is paid).
 */
export const paymentMachine = setup({
  types: {
    input: {} as PaymentInput,
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    emitted: {} as PaymentEmitted,
    output: {} as PaymentOutput,
  },
  actors: {
    createPayment: fromPromise<CreatedPayment, { metodo: PaymentMethod; righe: CheckoutLine[]; idempotencyKey: string }>(async () => {
      throw new Error('createPayment actor not provided');
    }),
    confirmCard: fromPromise<CardConfirmation, { clientSecret: string; name: string }>(async () => {
      throw new Error('confirmCard actor not provided');
    }),
    /** Stripe.js `handleNextAction`: the 3-D Secure challenge of an intent that still waits for it. */
    resumeCard: fromPromise<CardConfirmation, { clientSecret: string }>(async () => {
      throw new Error('resumeCard actor not provided');
    }),
    openApp: fromPromise<void, { id: string }>(async () => {
      throw new Error('openApp actor not provided');
    }),
    /** The provider's cancel of a payment that waits for the payer (only PENDING is cancelled). */
    cancelApp: fromPromise<void, { id: string }>(async () => {
      throw new Error('cancelApp actor not provided');
    }),
    readPayment: fromPromise<PaymentTransaction, { id: string; waitMs: number }>(async () => {
      throw new Error('readPayment actor not provided');
    }),
  },
  guards: {
    resumesKnownPayment: ({ context }) => context.id !== null,
    isCard: ({ context }) => context.metodo === 'carta',
    nameBlank: (_, p: { name: string }) => p.name.trim() === '',
    confirmed: (_, p: { t: PaymentTransaction }) => p.t.stato === 'confermato',
    cancelled: (_, p: { t: PaymentTransaction }) => p.t.stato === 'annullato',
    cardActionRequired: ({ context }, p: { t: PaymentTransaction }) => context.metodo === 'carta' && p.t.azioneRichiesta,
    accepted: (_, p: { c: CardConfirmation }) => p.c.ok,
    pollsExhausted: ({ context }) => appPollExhausted(context.attempt + 1),
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    metodo: input.metodo,
    idempotencyKey: input.idempotencyKey,
    righe: input.righe,
    id: input.id,
    clientSecret: input.clientSecret,
    importoCent: input.importoCent,
    message: null,
    failure: null,
    attempt: 0,
    transaction: null,
    ending: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'resumesKnownPayment', target: 'reading' }, { target: 'creating' }],
    },
    creating: {
      // Kept before the call: a reload during it retries with the same key, never a new charge.
      entry: emit(({ context }) => ({ type: 'payment.pending' as const, pending: pendingOf(context) })),
      invoke: {
        id: 'createPayment',
        src: 'createPayment',
        input: ({ context }) => ({ metodo: context.metodo, righe: context.righe, idempotencyKey: context.idempotencyKey }),
        onDone: [
          {
            guard: 'isCard',
            target: 'card',
            actions: [
              assign({ id: ({ event }) => event.output.id, clientSecret: ({ event }) => event.output.clientSecret, importoCent: ({ event }) => event.output.importoCent, failure: null }),
              emit(({ context }) => ({ type: 'payment.pending' as const, pending: pendingOf(context) })),
            ],
          },
          {
            target: 'app',
            actions: [
              assign({ id: ({ event }) => event.output.id, importoCent: ({ event }) => event.output.importoCent, failure: null }),
              emit(({ context }) => ({ type: 'payment.pending' as const, pending: pendingOf(context) })),
            ],
          },
        ],
        onError: { target: 'createFailed', actions: assign({ failure: ({ event }) => event.error as ActionFailure }) },
      },
    },
    createFailed: {
      on: {
        'payment.retry': 'creating',
        'payment.abandon': 'abandoned',
      },
    },
    card: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'card.submit': [
              {
                guard: { type: 'nameBlank', params: ({ event }) => ({ name: event.name }) },
                actions: assign({ message: 'nameRequired' as const }),
              },
              { target: 'confirming', actions: assign({ message: null }) },
            ],
            'payment.abandon': '#payment.abandoned',
          },
        },
        confirming: {
          invoke: {
            id: 'confirmCard',
            src: 'confirmCard',
            input: ({ context, event }) => ({ clientSecret: context.clientSecret ?? '', name: (event as { name?: string }).name?.trim() ?? '' }),
            onDone: [
              { guard: { type: 'accepted', params: ({ event }) => ({ c: event.output }) }, target: '#payment.reading' },
              {
                target: 'editing',
                actions: assign({ message: ({ event }) => (event.output.ok ? null : event.output.message) }),
              },
            ],
            // The library's call failed midway: the card may have been charged, so ask the server.
            onError: '#payment.reading',
          },
        },
        // A reload during the 3-D Secure challenge: the same challenge again, then the server's word.
        resuming: {
          invoke: {
            id: 'resumeCard',
            src: 'resumeCard',
            input: ({ context }) => ({ clientSecret: context.clientSecret ?? '' }),
            onDone: [
              { guard: { type: 'accepted', params: ({ event }) => ({ c: event.output }) }, target: '#payment.reading' },
              {
                target: 'editing',
                actions: assign({ message: ({ event }) => (event.output.ok ? null : event.output.message) }),
              },
            ],
            // Not a loop of challenges: the user asks for the next look.
            onError: { target: '#payment.readFailed', actions: assign({ failure: ({ event }) => event.error as ActionFailure }) },
          },
        },
      },
    },
    app: {
      initial: 'opening',
      states: {
        opening: {
          invoke: {
            id: 'openApp',
            src: 'openApp',
            input: ({ context }) => ({ id: context.id ?? '' }),
            onDone: { target: 'waiting', actions: assign({ attempt: 0 }) },
            onError: { target: 'openFailed', actions: assign({ failure: ({ event }) => event.error as ActionFailure }) },
          },
        },
        // The payment exists (PENDING) even when its button did not open: stopping cancels it.
        openFailed: {
          on: {
            'app.reopen': 'opening',
            'payment.abandon': 'cancelling',
          },
        },
        waiting: {
          invoke: {
            id: 'readPayment',
            src: 'readPayment',
            input: ({ context }) => ({ id: context.id ?? '', waitMs: appPollDelay(context.attempt) }),
            onDone: [
              {
                guard: { type: 'confirmed', params: ({ event }) => ({ t: event.output }) },
                target: '#payment.succeeded',
                actions: assign({ transaction: ({ event }) => event.output }),
              },
              {
                guard: { type: 'cancelled', params: ({ event }) => ({ t: event.output }) },
                target: '#payment.failed',
                actions: assign({ transaction: ({ event }) => event.output }),
              },
              { guard: 'pollsExhausted', target: 'unanswered' },
              { target: 'waiting', reenter: true, actions: assign({ attempt: ({ context }) => context.attempt + 1 }) },
            ],
            // A failed look is one look: the bound still holds.
            onError: [
              { guard: 'pollsExhausted', target: 'unanswered' },
              { target: 'waiting', reenter: true, actions: assign({ attempt: ({ context }) => context.attempt + 1 }) },
            ],
          },
          on: {
            'app.reopen': 'opening',
            'payment.abandon': 'cancelling',
          },
        },
        unanswered: {
          on: {
            'app.keepWaiting': { target: 'waiting', actions: assign({ attempt: 0 }) },
            'payment.abandon': 'cancelling',
          },
        },
        cancelling: {
          invoke: {
            id: 'cancelApp',
            src: 'cancelApp',
            input: ({ context }) => ({ id: context.id ?? '' }),
            onDone: 'cancelChecking',
            onError: { target: 'cancelFailed', actions: assign({ failure: ({ event }) => event.error as ActionFailure }) },
          },
        },
        // The payer may have accepted just before the cancel: only the server's reading says which.
        cancelChecking: {
          invoke: {
            id: 'readPayment',
            src: 'readPayment',
            input: ({ context }) => ({ id: context.id ?? '', waitMs: 0 }),
            onDone: [
              {
                guard: { type: 'confirmed', params: ({ event }) => ({ t: event.output }) },
                target: '#payment.succeeded',
                actions: assign({ transaction: ({ event }) => event.output }),
              },
              {
                guard: { type: 'cancelled', params: ({ event }) => ({ t: event.output }) },
                target: '#payment.abandoned',
                actions: assign({ transaction: ({ event }) => event.output }),
              },
              // Not cancelled yet: the payment may still be answered, so never call it ended.
              { target: 'cancelFailed', actions: assign({ failure: null }) },
            ],
            onError: { target: 'cancelFailed', actions: assign({ failure: ({ event }) => event.error as ActionFailure }) },
          },
        },
        cancelFailed: {
          on: {
            'payment.retry': 'cancelling',
            'app.keepWaiting': { target: 'waiting', actions: assign({ attempt: 0 }) },
          },
        },
      },
    },
    reading: {
      invoke: {
        id: 'readPayment',
        src: 'readPayment',
        input: ({ context }) => ({ id: context.id ?? '', waitMs: 0 }),
        onDone: [
          {
            guard: { type: 'confirmed', params: ({ event }) => ({ t: event.output }) },
            target: 'succeeded',
            actions: assign({ transaction: ({ event }) => event.output }),
          },
          {
            guard: { type: 'cancelled', params: ({ event }) => ({ t: event.output }) },
            target: 'failed',
            actions: assign({ transaction: ({ event }) => event.output }),
          },
          // Still waiting: a card for its 3-D Secure challenge, or for a (new) card; the app for the payer.
          { guard: { type: 'cardActionRequired', params: ({ event }) => ({ t: event.output }) }, target: '#payment.card.resuming' },
          { guard: 'isCard', target: '#payment.card.editing', actions: assign({ message: ({ event }) => event.output.errore }) },
          { target: '#payment.app.waiting', actions: assign({ attempt: 0 }) },
        ],
        onError: { target: 'readFailed', actions: assign({ failure: ({ event }) => event.error as ActionFailure }) },
      },
    },
    readFailed: {
      on: {
        'payment.retry': 'reading',
      },
    },
    succeeded: {
      type: 'final',
      entry: [assign({ ending: 'paid' as const }), emit({ type: 'payment.ended' as const })],
    },
    failed: {
      type: 'final',
      entry: [assign({ ending: 'failed' as const }), emit({ type: 'payment.ended' as const })],
    },
    abandoned: {
      type: 'final',
      entry: [assign({ ending: 'abandoned' as const }), emit({ type: 'payment.ended' as const })],
    },
  },
  output: ({ context }): PaymentOutput => {
    if (context.ending === 'paid' && context.transaction) return { kind: 'paid', transaction: context.transaction };
    if (context.ending === 'failed') return { kind: 'failed', message: context.transaction?.errore ?? null };
    return { kind: 'abandoned' };
  },
});
