import { assign, fromPromise, setup } from 'xstate';
import { ApiError } from '../api/client';
import { failureOf } from '../api/failure';
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
          actions: assign({ result: ({ context, event }) => ({ kind: 'failed' as const, service: context.target!, failure: failureOf(event.error) }) }),
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
          actions: assign({ result: ({ context, event }) => ({ kind: 'failed' as const, service: context.target!, failure: failureOf(event.error) }) }),
        },
      },
    },
  },
});

const SERVICE: DailyServiceTarget = { data_adesione: '2026-11-23', id_marketplace: 22, descrizione: 'Navetta Stazione FS - Liceo (andata)' };

/** Test model inputs, shared by the unit model test and the browser transition suite. */
export const dailyServiceModel = {
  service: SERVICE,
  joinRefused: 'Il servizio è già prenotato per il giorno scelto',
  leaveRefused: 'Nessuna prenotazione da annullare per il giorno scelto',
  events: [
    { type: 'service.join', service: SERVICE },
    { type: 'service.leave', service: SERVICE },
    { type: 'xstate.done.actor.joinService', output: { ok: true, messaggio: 'Prenotazione effettuata', joined: true, credito_residuo: 10 } },
    { type: 'xstate.done.actor.joinService', output: { ok: false, messaggio: 'Il servizio è già prenotato per il giorno scelto', joined: true, credito_residuo: 10 } },
    { type: 'xstate.error.actor.joinService', error: new ApiError(500, 'Errore interno', 'internal') },
    { type: 'xstate.done.actor.leaveService', output: { ok: true, messaggio: 'Prenotazione annullata', joined: false, credito_residuo: 11.5 } },
    { type: 'xstate.done.actor.leaveService', output: { ok: false, messaggio: 'Nessuna prenotazione da annullare per il giorno scelto', joined: false, credito_residuo: 10 } },
    { type: 'xstate.error.actor.leaveService', error: new ApiError(500, 'Errore interno', 'internal') },
  ] as unknown as DailyServiceEvent[],
};
