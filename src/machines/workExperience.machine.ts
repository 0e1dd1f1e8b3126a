import { assign, fromPromise, setup } from 'xstate';
import type { ActionFailure } from '../domain/failure';
import type { WorkExperienceProject } from '../domain/records';

export type ProjectRef = Pick<WorkExperienceProject, 'id' | 'titolo'>;

export type WorkExperienceOutcome =
  | { kind: 'subscribed'; project: ProjectRef }
  | { kind: 'cancelled'; project: ProjectRef }
  | { kind: 'failed'; action: 'subscribe' | 'cancel'; project: ProjectRef; failure: ActionFailure };

export interface WorkExperienceContext {
  project: ProjectRef | null;
  outcome: WorkExperienceOutcome | null;
}

export type WorkExperienceEvent =
  | { type: 'subscribe.requested'; project: ProjectRef }
  | { type: 'cancel.requested'; project: ProjectRef }
  | { type: 'choice.confirmed' }
  | { type: 'choice.dismissed' };

/**
 * Work-experience subscription (docs/product.md#school-services): "Iscriviti" or "Annulla iscrizione", each after a
 * confirmation; the list changes only when the server said ok (the calls update it), and a refusal
 * is told with the server's words. One action at a time.
 */
export const workExperienceMachine = setup({
  types: {
    context: {} as WorkExperienceContext,
    events: {} as WorkExperienceEvent,
  },
  actors: {
    subscribe: fromPromise<unknown, { id: number }>(async () => {
      throw new Error('subscribe actor not provided');
    }),
    unsubscribe: fromPromise<unknown, { id: number }>(async () => {
      throw new Error('unsubscribe actor not provided');
    }),
  },
}).createMachine({
  id: 'workExperience',
  context: { project: null, outcome: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'subscribe.requested': { target: 'confirmingSubscribe', actions: assign({ project: ({ event }) => event.project }) },
        'cancel.requested': { target: 'confirmingCancel', actions: assign({ project: ({ event }) => event.project }) },
      },
    },
    confirmingSubscribe: {
      on: {
        'choice.confirmed': { target: 'subscribing', actions: assign({ outcome: null }) },
        'choice.dismissed': { target: 'idle', actions: assign({ project: null }) },
      },
    },
    subscribing: {
      invoke: {
        id: 'subscribe',
        src: 'subscribe',
        input: ({ context }) => ({ id: context.project!.id }),
        onDone: { target: 'idle', actions: assign({ outcome: ({ context }) => ({ kind: 'subscribed' as const, project: context.project! }), project: null }) },
        onError: {
          target: 'idle',
          actions: assign({
            outcome: ({ context, event }) => ({ kind: 'failed' as const, action: 'subscribe' as const, project: context.project!, failure: event.error as ActionFailure }),
            project: null,
          }),
        },
      },
    },
    confirmingCancel: {
      on: {
        'choice.confirmed': { target: 'cancelling', actions: assign({ outcome: null }) },
        'choice.dismissed': { target: 'idle', actions: assign({ project: null }) },
      },
    },
    cancelling: {
      invoke: {
        id: 'unsubscribe',
        src: 'unsubscribe',
        input: ({ context }) => ({ id: context.project!.id }),
        onDone: { target: 'idle', actions: assign({ outcome: ({ context }) => ({ kind: 'cancelled' as const, project: context.project! }), project: null }) },
        onError: {
          target: 'idle',
          actions: assign({
            outcome: ({ context, event }) => ({ kind: 'failed' as const, action: 'cancel' as const, project: context.project!, failure: event.error as ActionFailure }),
            project: null,
          }),
        },
      },
    },
  },
});
