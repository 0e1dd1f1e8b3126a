import { assign, emit, fromPromise, setup } from 'xstate';
import {
  justificationRequests,
  missingJustificationFields,
  type JustificationDraft,
  type JustificationField,
  type JustificationRequest,
  type JustificationResult,
} from '../domain/absences';
import type { ActionFailure } from '../domain/failure';


export type JustificationOutcome =
  | { kind: 'incomplete'; missing: JustificationField[] }
  | { kind: 'sent'; justified: number[] }
  | { kind: 'partial'; justified: number[]; failed: JustificationResult['failed'] }
  | { kind: 'failed'; failure: ActionFailure };

export interface JustificationContext {
  /** The draft of the submission in flight (or of the last one that failed). */
  submitted: JustificationDraft | null;
  outcome: JustificationOutcome | null;
}

export type JustificationEvent =
  /** The draft travels with the submission: the form owns what is typed, so nothing is lost whatever happens. */
  { type: 'justification.submitted'; draft: JustificationDraft };

/** Told to the screen when every chosen event was justified: the form starts again empty. */
export type JustificationEmitted = { type: 'justification.sent'; justified: number[] };

/**
 * Online justification (docs/product.md#absences): editing → submitting → editing. An incomplete draft never reaches
 * the server and says what is missing; while a submission is in flight another is ignored (a double
 * click sends one request per event); when some events were refused the outcome names them and the
 * draft stays, when all were refused the failure says why.
 */
export const justificationMachine = setup({
  types: {
    context: {} as JustificationContext,
    events: {} as JustificationEvent,
    emitted: {} as JustificationEmitted,
  },
  actors: {
    justifyAbsences: fromPromise<JustificationResult, { requests: JustificationRequest[] }>(async () => {
      throw new Error('justifyAbsences actor not provided');
    }),
  },
  guards: {
    isIncomplete: (_, p: { draft: JustificationDraft }) => missingJustificationFields(p.draft).length > 0,
    allJustified: (_, p: { result: JustificationResult }) => p.result.failed.length === 0,
  },
}).createMachine({
  id: 'justification',
  context: { submitted: null, outcome: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'justification.submitted': [
          {
            guard: { type: 'isIncomplete', params: ({ event }) => ({ draft: event.draft }) },
            actions: assign({ outcome: ({ event }) => ({ kind: 'incomplete' as const, missing: missingJustificationFields(event.draft) }) }),
          },
          { target: 'submitting', actions: assign({ submitted: ({ event }) => event.draft, outcome: null }) },
        ],
      },
    },
    submitting: {
      // No 'justification.submitted' here: a second submission while one is in flight is ignored.
      invoke: {
        id: 'justifyAbsences',
        src: 'justifyAbsences',
        input: ({ context }) => ({ requests: justificationRequests(context.submitted!) }),
        onDone: [
          {
            guard: { type: 'allJustified', params: ({ event }) => ({ result: event.output }) },
            target: 'editing',
            actions: [
              assign({ submitted: null, outcome: ({ event }) => ({ kind: 'sent' as const, justified: event.output.justified }) }),
              emit(({ event }) => ({ type: 'justification.sent' as const, justified: event.output.justified })),
            ],
          },
          {
            target: 'editing',
            actions: assign({
              outcome: ({ event }) => ({ kind: 'partial' as const, justified: event.output.justified, failed: event.output.failed }),
            }),
          },
        ],
        onError: {
          target: 'editing',
          actions: assign({ outcome: ({ event }) => ({ kind: 'failed' as const, failure: event.error as ActionFailure }) }),
        },
      },
    },
  },
});
