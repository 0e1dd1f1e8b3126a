import { assign, fromPromise, setup } from 'xstate';
import type { ActionFailure } from '../domain/failure';
import type { DailyOutcome, DailyRequest } from '../domain/dailyServices';

export interface DailyServiceTarget extends DailyRequest {
  descrizione: string;
}

export type DailyServiceResult =
  | { kind: 'joined'; service: DailyServiceTarget }
  | { kind: 'left'; service: DailyServiceTarget }
  /** esito KO: the server's message, nothing changed (docs/product.md#meals). */
  | { kind: 'refused'; service: DailyServiceTarget; message: string }
  | { kind: 'failed'; service: DailyServiceTarget; failure: ActionFailure };

export interface DailyServiceContext {
  target: DailyServiceTarget | null;
  result: DailyServiceResult | null;
}

export type DailyServiceEvent =
  | { type: 'service.join'; service: DailyServiceTarget }
  | { type: 'service.leave'; service: DailyServiceTarget };

/**
 * Joining and leaving a daily service for a day (docs/product.md#meals): NO becomes SI only on esito OK, SI
 * becomes NO only on esito OK; any other esito shows the server's message. One change at a time:
 * while one is sent, the others wait (a double click sends one).
 */
export const dailyServiceMachine = setup({
  types: {
    context: {} as DailyServiceContext,
    events: {} as DailyServiceEvent,
  },
  actors: {
    joinService: fromPromise<DailyOutcome, DailyRequest>(async () => {
      throw new Error('joinService actor not provided');
    }),
    leaveService: fromPromise<DailyOutcome, DailyRequest>(async () => {
      throw new Error('leaveService actor not provided');
    }),
  },
  guards: {
    isOk: (_, p: { outcome: DailyOutcome }) => p.outcome.ok,
  },
}).createMachine({
  id: 'dailyService',
  context: { target: null, result: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'service.join': { target: 'joining', actions: assign({ target: ({ event }) => event.service, result: null }) },
        'service.leave': { target: 'leaving', actions: assign({ target: ({ event }) => event.service, result: null }) },
      },
    },
    joining: {
      invoke: {
        id: 'joinService',
        src: 'joinService',
        input: ({ context }) => ({ data_adesione: context.target!.data_adesione, id_marketplace: context.target!.id_marketplace }),
        onDone: [
          {
            guard: { type: 'isOk', params: ({ event }) => ({ outcome: event.output }) },
            target: 'idle',
            actions: assign({ result: ({ context }) => ({ kind: 'joined' as const, service: context.target! }) }),
          },
          {
            target: 'idle',
            actions: assign({ result: ({ context, event }) => ({ kind: 'refused' as const, service: context.target!, message: event.output.messaggio }) }),
          },
        ],
        onError: {
          target: 'idle',
          actions: assign({ result: ({ context, event }) => ({ kind: 'failed' as const, service: context.target!, failure: event.error as ActionFailure }) }),
        },
      },
    },
    leaving: {
      invoke: {
        id: 'leaveService',
        src: 'leaveService',
        input: ({ context }) => ({ data_adesione: context.target!.data_adesione, id_marketplace: context.target!.id_marketplace }),
        onDone: [
          {
            guard: { type: 'isOk', params: ({ event }) => ({ outcome: event.output }) },
            target: 'idle',
            actions: assign({ result: ({ context }) => ({ kind: 'left' as const, service: context.target! }) }),
          },
          {
            target: 'idle',
            actions: assign({ result: ({ context, event }) => ({ kind: 'refused' as const, service: context.target!, message: event.output.messaggio }) }),
          },
        ],
        onError: {
          target: 'idle',
          actions: assign({ result: ({ context, event }) => ({ kind: 'failed' as const, service: context.target!, failure: event.error as ActionFailure }) }),
        },
      },
    },
  },
});
