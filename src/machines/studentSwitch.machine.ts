import { assign, fromPromise, setup, waitFor } from 'xstate';
import { sameScope, type SessionActor, type SessionError } from './session.machine';
import type { StudentScope } from '../domain/student';

/** What a failed switch reports: the session's reason when it gave one. */
export class StudentSwitchError extends Error {
  constructor(readonly reason: SessionError | null) {
    super(`student switch failed: ${reason?.kind ?? 'unknown'}`);
    this.name = 'StudentSwitchError';
  }
}

export interface StudentSwitchContext {
  /** The student and year being opened (or that failed to open). */
  target: StudentScope | null;
  /** Where to land once it is open: Home unless the request named a screen (an item opened for another child). */
  destination: string | null;
  error: SessionError | null;
}

export type StudentSwitchEvent =
  | { type: 'switch.requested'; scope: StudentScope; to?: string }
  | { type: 'switch.dismissed' };

/**
 * Switching to another student or school year (docs/product.md#student-menu): the session loads
 * the school configuration and data of the new scope; only then is the cart emptied and the user
 * taken back to Home with every screen re-read for the new scope. While it runs (`changing`,
 * `returning`) the layout shows a loading state, so nothing of the previous student is on screen
 * beside the new one. A failure leaves the previous student open and says so.
 */
export const studentSwitchMachine = setup({
  types: {
    context: {} as StudentSwitchContext,
    events: {} as StudentSwitchEvent,
  },
  actors: {
    /** Asks the session to open the scope; resolves once it has loaded, rejects with a StudentSwitchError. */
    changeScope: fromPromise<void, { scope: StudentScope }>(async () => {
      throw new Error('changeScope actor not provided');
    }),
    /** Goes to the destination (/home when none) and makes the router read its context (student, year) and data again. */
    returnHome: fromPromise<void, { to: string | null }>(async () => {
      throw new Error('returnHome actor not provided');
    }),
  },
  actions: {
    /**
     * docs/product.md#student-menu: the cart is emptied when the student is switched. The layout provides it
     * (`.provide({ actions: { emptyCart } })`): it clears the tab's private keys and the cart actor.
     */
    emptyCart: () => {},
  },
}).createMachine({
  id: 'studentSwitch',
  context: { target: null, destination: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'switch.requested': { target: 'changing', actions: assign({ target: ({ event }) => event.scope, destination: ({ event }) => event.to ?? null, error: null }) },
      },
    },
    changing: {
      invoke: {
        id: 'changeScope',
        src: 'changeScope',
        input: ({ context }) => ({ scope: context.target! }),
        onDone: { target: 'returning', actions: 'emptyCart' },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) =>
              event.error instanceof StudentSwitchError && event.error.reason ? event.error.reason : { kind: 'schoolConfiguration' },
          }),
        },
      },
    },
    returning: {
      invoke: {
        id: 'returnHome',
        src: 'returnHome',
        input: ({ context }) => ({ to: context.destination }),
        // The new student is open either way; a navigation that failed leaves the user where the router put them.
        onDone: { target: 'idle' },
        onError: { target: 'idle' },
      },
    },
    failed: {
      on: {
        'switch.requested': { target: 'changing', actions: assign({ target: ({ event }) => event.scope, destination: ({ event }) => event.to ?? null, error: null }) },
        'switch.dismissed': { target: 'idle', actions: assign({ error: null }) },
      },
    },
  },
});

/** Whether the layout must hide the screen: the scope is changing under it. */
export const isSwitching = (s: { matches: (v: 'changing' | 'returning') => boolean }) => s.matches('changing') || s.matches('returning');

/**
 * The switch's real side effect (provided by the layout): opens another student or year in the
 * session and resolves once its school configuration and data have loaded; rejects with the
 * session's reason when they could not (the previous student then stays open). It lives here, not
 * in runtime.ts, so nothing of the switch loads before someone switches.
 */
export async function changeScope(session: SessionActor, scope: StudentScope): Promise<void> {
  session.send({ type: 'session.scopeChanged', scope });
  const done = await waitFor(session, (s) => !s.matches({ authenticated: 'switchingStudent' }));
  if (done.matches({ authenticated: 'signedIn' }) && sameScope(done.context.scope, scope)) return;
  throw new StudentSwitchError(done.context.switchError);
}
