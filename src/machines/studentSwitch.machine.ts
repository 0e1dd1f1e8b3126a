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
  /** Where the switch ends once the student is open: Home, or the screen a family Home item opens. */
  destination: string;
  /** Whether the destination takes the place of the current page in the history (a notice's `/apri`). */
  replace: boolean;
  error: SessionError | null;
}

/** Where a switch from the student menu ends. */
export const HOME = '/home';

export type StudentSwitchEvent =
  /**
   * `to`: the address to open for the new student (a family Home or Novità item's screen); Home when
   * absent. `replace`: that address replaces the current page in the history.
   */
  | { type: 'switch.requested'; scope: StudentScope; to?: string; replace?: boolean }
  | { type: 'switch.dismissed' };

/**
 * Switching to another student or school year (docs/product.md#student-menu): the session loads
 * the school configuration and data of the new scope; only then is the cart emptied and the user
 * taken to the destination (Home from the student menu; a family Home item's screen for that
 * child, docs/product.md#home) with every screen re-read for the new scope. While it runs
 * (`changing`, `returning`) the layout shows a loading state, so nothing of the previous student is
 * on screen beside the new one. A failure leaves the previous student open, where the user was, and
 * says so.
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
    /** Goes to the destination and makes the router read its context (student, year) and data again. */
    openDestination: fromPromise<void, { to: string; replace: boolean }>(async () => {
      throw new Error('openDestination actor not provided');
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
  context: { target: null, destination: HOME, replace: false, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'switch.requested': {
          target: 'changing',
          actions: assign({
            target: ({ event }) => event.scope,
            destination: ({ event }) => event.to ?? HOME,
            replace: ({ event }) => event.replace ?? false,
            error: null,
          }),
        },
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
        id: 'openDestination',
        src: 'openDestination',
        input: ({ context }) => ({ to: context.destination, replace: context.replace }),
        // The new student is open either way; a navigation that failed leaves the user where the router put them.
        onDone: { target: 'idle' },
        onError: { target: 'idle' },
      },
    },
    failed: {
      on: {
        'switch.requested': {
          target: 'changing',
          actions: assign({
            target: ({ event }) => event.scope,
            destination: ({ event }) => event.to ?? HOME,
            replace: ({ event }) => event.replace ?? false,
            error: null,
          }),
        },
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
