import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  apiErrorDialogMachine,
  dialogKindOf,
  isDismissible,
  type ApiErrorDialogEvent,
  type ApiErrorDialogKind,
} from './apiErrorDialog.machine';
import { replayPath, transitionPaths, transitionRecorder } from './testing/model';
import { apiErrorDialogModel } from './testing/apiErrorDialog.model';

const { statuses: STATUSES, events: EVENTS } = apiErrorDialogModel;

/** The kind of dialog each status opens (docs/product.md#api-error-dialog). */
const KIND: Record<number, ApiErrorDialogKind> = {
  901: 'schoolMessage',
  401: 'sessionExpired',
  403: 'forbidden',
  404: 'notFound',
  408: 'timeout',
  409: 'conflict',
  500: 'serverError',
  0: 'offline',
  400: 'unexpected',
  418: 'unexpected',
  502: 'unexpected',
};

/** The follow-up each kind promises when the user closes it (docs/product.md#api-error-dialog). */
const ON_DISMISS: Record<ApiErrorDialogKind, string[]> = {
  schoolMessage: ['goHome'],
  sessionExpired: ['signOut'],
  forbidden: ['signOut'],
  notFound: [],
  timeout: [],
  conflict: [],
  serverError: [],
  offline: [],
  unexpected: ['signOut'],
};

function run(recorder: ReturnType<typeof transitionRecorder>) {
  const effects: string[] = [];
  const record = (name: string) => () => void effects.push(name);
  const actor = createActor(
    apiErrorDialogMachine.provide({
      actions: {
        goHome: record('goHome'),
        signOut: record('signOut'),
        reloadPage: record('reloadPage'),
        notifyTokenVerificationFailed: record('notifyTokenVerificationFailed'),
      },
    }),
    { inspect: recorder.inspect },
  ).start();
  return { actor, effects };
}

/** What one step must have done besides changing state. */
function expectedEffects(before: ApiErrorDialogKind | null, event: ApiErrorDialogEvent): string[] {
  switch (event.type) {
    case 'apiError.raised':
      return event.status === 400 || event.status === 401 ? ['notifyTokenVerificationFailed'] : [];
    case 'dialog.dismissed':
      return before ? ON_DISMISS[before] : [];
    case 'dialog.reload':
      return before === 'timeout' ? ['reloadPage'] : [];
  }
}

describe('API error dialog machine, model-based', () => {
  const recorder = transitionRecorder();
  const paths = transitionPaths(apiErrorDialogMachine, { events: EVENTS });
  it('has paths to test', () => expect(paths.length).toBeGreaterThan(STATUSES.length));

  for (const path of paths) {
    it(path.description, async () => {
      const h = run(recorder);
      let firstShown: number | null = null;
      let seen = h.effects.length;
      await replayPath(h.actor, path, {
        onStep: (step, snap, previous) => {
          expect(h.effects.slice(seen)).toEqual(expectedEffects(dialogKindOf(previous), step.event));
          seen = h.effects.length;

          // What each state promises beyond its name: the failure it shows is the first one of the burst.
          const kind = dialogKindOf(snap);
          if (kind === null) {
            firstShown = null;
            expect(snap.context.shown).toBeNull();
          } else {
            if (firstShown === null && step.event.type === 'apiError.raised') firstShown = step.event.status;
            expect(kind).toBe(KIND[firstShown!]);
            expect(snap.context.shown).toEqual({ status: firstShown, detail: `detail ${firstShown}`, error: `error ${firstShown}` });
          }
        },
      });
    });
  }

  it('exercises every transition of the machine', () => {
    expect(recorder.uncovered(apiErrorDialogMachine)).toEqual([]);
  });
});

describe('API error dialog rules', () => {
  it('lets Escape close only the dialogs without consequences', () => {
    const kinds = Object.keys(ON_DISMISS) as ApiErrorDialogKind[];
    expect(kinds.filter(isDismissible)).toEqual(['notFound', 'timeout', 'conflict', 'serverError', 'offline']);
  });
});
