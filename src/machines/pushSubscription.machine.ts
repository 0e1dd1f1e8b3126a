import { assign, fromPromise, setup } from 'xstate';
import { PushPermissionDenied, type PushProbe } from '../domain/push';

export type PushSubscriptionEvent = { type: 'push.enable' } | { type: 'push.disable' } | { type: 'push.retry' };

export interface PushSubscriptionContext {
  /** The last failure's message (for the screen's alert), or null. */
  failed: boolean;
}

/**
 * Browser notifications on this device (docs/product.md#preferences). Nothing is asked on load:
 * `checking` only reads what the browser already knows (support, the permission, an existing
 * subscription). The permission prompt comes only from `push.enable`, a click on the screen's
 * button: `asking` asks for it, subscribes with the server's key and registers the subscription.
 * A refusal ends in `denied` (only the browser's settings can undo it); any other failure in
 * `error`, from which the person may try again. `push.disable` removes the subscription.
 */
export const pushSubscriptionMachine = setup({
  types: {
    context: {} as PushSubscriptionContext,
    events: {} as PushSubscriptionEvent,
  },
  actors: {
    /** Reads support, permission and an existing subscription; asks nothing. */
    probe: fromPromise<PushProbe, void>(async () => {
      throw new Error('probe actor not provided');
    }),
    /** Asks the permission (rejects with PushPermissionDenied), subscribes and registers the subscription on the server. */
    subscribe: fromPromise<void, void>(async () => {
      throw new Error('subscribe actor not provided');
    }),
    /** Removes the subscription from the server and from the browser. */
    unsubscribe: fromPromise<void, void>(async () => {
      throw new Error('unsubscribe actor not provided');
    }),
  },
  guards: {
    unsupported: ({ event }) => !(event as unknown as { output: PushProbe }).output.supported,
    denied: ({ event }) => (event as unknown as { output: PushProbe }).output.permission === 'denied',
    subscribed: ({ event }) => {
      const probe = (event as unknown as { output: PushProbe }).output;
      return probe.subscribed && probe.permission === 'granted';
    },
    refused: ({ event }) => (event as unknown as { error: unknown }).error instanceof PushPermissionDenied,
  },
}).createMachine({
  id: 'pushSubscription',
  context: { failed: false },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'probe',
        src: 'probe',
        onDone: [
          { guard: 'unsupported', target: 'unsupported' },
          { guard: 'denied', target: 'denied' },
          { guard: 'subscribed', target: 'subscribed' },
          { target: 'notAsked' },
        ],
        // A browser that cannot even tell is one that cannot do it.
        onError: { target: 'unsupported' },
      },
    },
    unsupported: { type: 'final' },
    denied: {},
    notAsked: {
      on: { 'push.enable': { target: 'asking' } },
    },
    asking: {
      entry: assign({ failed: false }),
      invoke: {
        id: 'subscribe',
        src: 'subscribe',
        onDone: { target: 'subscribed' },
        onError: [
          { guard: 'refused', target: 'denied' },
          { target: 'error', actions: assign({ failed: true }) },
        ],
      },
    },
    subscribed: {
      on: { 'push.disable': { target: 'unsubscribing' } },
    },
    unsubscribing: {
      entry: assign({ failed: false }),
      invoke: {
        id: 'unsubscribe',
        src: 'unsubscribe',
        onDone: { target: 'notAsked' },
        onError: { target: 'error', actions: assign({ failed: true }) },
      },
    },
    error: {
      on: { 'push.retry': { target: 'asking' }, 'push.disable': { target: 'unsubscribing' } },
    },
  },
});
