import { assign, fromPromise, setup } from 'xstate';
import type { ActionFailure } from '../domain/failure';
import type { TaxChange, TaxChangeResult, TaxConsent } from '../domain/payments';

export type TaxConsentProblem = { kind: 'refused'; errore: string | null } | { kind: 'failed'; failure: ActionFailure };

export interface TaxConsentInput {
  consent: TaxConsent;
}

export interface TaxConsentContext {
  consent: TaxConsent;
  /** The change being sent, then the one that last failed. */
  pending: TaxChange | null;
  /** Why the last change was not applied; kept on screen until a change is applied (docs/product.md#payments). */
  problem: TaxConsentProblem | null;
  /** The last change applied in this visit, for the screen to confirm it. */
  applied: TaxChange | null;
}

export type TaxConsentEvent = { type: 'ade.changeRequested'; change: TaxChange };

/**
 * The tax-deduction consent (docs/product.md#payments): the family confirms or withdraws the payer and opposes or
 * withdraws the opposition. A change is applied only when the answer says `success` true; a
 * refusal (or a failed call) leaves the state as it was and its reason on screen. When the school
 * has closed the choice for the year (`attivo` false) nothing can be sent.
 */
export const taxConsentMachine = setup({
  types: {
    input: {} as TaxConsentInput,
    context: {} as TaxConsentContext,
    events: {} as TaxConsentEvent,
  },
  actors: {
    /** Sends the change; resolves with the school's answer (applied or refused), rejects with the call's failure. */
    changeConsent: fromPromise<TaxChangeResult, TaxChange>(async () => {
      throw new Error('changeConsent actor not provided');
    }),
  },
  guards: {
    isActive: ({ context }) => context.consent.attivo,
    isRefused: (_, p: { result: TaxChangeResult }) => !p.result.success,
  },
}).createMachine({
  id: 'taxConsent',
  context: ({ input }) => ({ consent: input.consent, pending: null, problem: null, applied: null }),
  initial: 'opening',
  states: {
    opening: {
      always: [{ guard: 'isActive', target: 'editable' }, { target: 'readOnly' }],
    },
    editable: {
      on: {
        'ade.changeRequested': { target: 'saving', actions: assign({ pending: ({ event }) => event.change }) },
      },
    },
    saving: {
      invoke: {
        id: 'changeConsent',
        src: 'changeConsent',
        input: ({ context }) => context.pending!,
        onDone: [
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ result: event.output }) },
            target: 'editable',
            actions: assign({ problem: ({ event }) => ({ kind: 'refused' as const, errore: event.output.success ? null : event.output.errore }), applied: null }),
          },
          {
            target: 'opening',
            actions: assign({
              consent: ({ context, event }) => ({ ...context.consent, ...(event.output.success ? event.output.consent : {}) }),
              applied: ({ context }) => context.pending,
              pending: null,
              problem: null,
            }),
          },
        ],
        onError: {
          target: 'editable',
          actions: assign({ problem: ({ event }) => ({ kind: 'failed' as const, failure: event.error as ActionFailure }), applied: null }),
        },
      },
    },
    readOnly: {},
  },
});
