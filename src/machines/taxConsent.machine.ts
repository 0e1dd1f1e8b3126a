import { assign, fromPromise, setup } from 'xstate';
import { ApiError } from '../api/client';
import { failureOf } from '../api/failure';
import { TaxChangeRefused, type TaxChange } from '../api/queries/payments';
import type { ActionFailure } from '../domain/failure';
import type { TaxConsent } from '../domain/payments';

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
    /** Sends the change; resolves with the new state, rejects with TaxChangeRefused or the call's error. */
    changeConsent: fromPromise<Partial<TaxConsent>, TaxChange>(async () => {
      throw new Error('changeConsent actor not provided');
    }),
  },
  guards: {
    isActive: ({ context }) => context.consent.attivo,
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
        onDone: {
          target: 'opening',
          actions: assign({
            consent: ({ context, event }) => ({ ...context.consent, ...event.output }),
            applied: ({ context }) => context.pending,
            pending: null,
            problem: null,
          }),
        },
        onError: {
          target: 'editable',
          actions: assign({
            problem: ({ event }) =>
              event.error instanceof TaxChangeRefused
                ? { kind: 'refused' as const, errore: event.error.errore }
                : { kind: 'failed' as const, failure: failureOf(event.error) },
            applied: null,
          }),
        },
      },
    },
    readOnly: {},
  },
});

const CONSENT: TaxConsent = {
  confermaPagante: false,
  opposizione: false,
  data: null,
  attivo: true,
  dataLimite: '2027-02-28',
  pagante: 'Laura Rossi',
};

/** Test model inputs shared by the unit model test and the browser suite. */
export const taxConsentModel = {
  input: { consent: CONSENT } as TaxConsentInput,
  /** Closed for the year: no event has a transition, so it has no path of its own. */
  closedInput: { consent: { ...CONSENT, attivo: false } } as TaxConsentInput,
  events: [
    { type: 'ade.changeRequested', change: { kind: 'pagante', value: true } },
    { type: 'ade.changeRequested', change: { kind: 'opposizione', value: true } },
    { type: 'xstate.done.actor.changeConsent', output: { confermaPagante: true, data: '2026-11-20T09:00:00+01:00', attivo: true } },
    { type: 'xstate.done.actor.changeConsent', output: { confermaPagante: false, attivo: false } },
    { type: 'xstate.error.actor.changeConsent', error: new TaxChangeRefused("Non è possibile confermare il pagante: è presente un'opposizione all'invio dei dati") },
    { type: 'xstate.error.actor.changeConsent', error: new ApiError(500, 'Errore interno', null) },
  ] as unknown as TaxConsentEvent[],
};
