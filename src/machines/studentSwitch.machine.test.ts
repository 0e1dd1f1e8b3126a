import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { isSwitching, studentSwitchMachine, StudentSwitchError } from './studentSwitch.machine';
import { controlledActors, replayPath, settled, transitionPaths, transitionRecorder } from './testing/model';
import { studentSwitchModel } from './testing/studentSwitch.model';

const { events: EVENTS } = studentSwitchModel;

function run(recorder: ReturnType<typeof transitionRecorder>) {
  const control = controlledActors(['changeScope', 'openDestination'] as const);
  let cartsEmptied = 0;
  const actor = createActor(
    studentSwitchMachine.provide({
      actors: control.actors as never,
      actions: {
        emptyCart: () => {
          cartsEmptied += 1;
        },
      },
    }),
    { inspect: recorder.inspect },
  ).start();
  return { actor, control, cartsEmptied: () => cartsEmptied };
}

describe('student switch machine, model-based', () => {
  const recorder = transitionRecorder();
  const paths = transitionPaths(studentSwitchMachine, { events: EVENTS });
  it('has paths to test', () => expect(paths.length).toBeGreaterThan(3));

  for (const path of paths) {
    it(path.description, async () => {
      const h = run(recorder);
      const requested: unknown[] = [];
      const destinations: string[] = [];
      const snap = await replayPath(h.actor, path, {
        control: h.control,
        onStep: (step) => {
          if (step.event.type === 'switch.requested') {
            requested.push(step.event.scope);
            destinations.push(step.event.to ?? '/home');
          }
        },
      });
      const loaded = path.steps.filter((s) => (s.event.type as string) === 'xstate.done.actor.changeScope').length;
      // The cart is emptied once per student actually opened, never for a failed switch.
      expect(h.cartsEmptied()).toBe(loaded);
      if (snap.matches('changing')) {
        expect(h.control.inputOf('changeScope')).toEqual({ scope: requested.at(-1) });
        expect(isSwitching(snap)).toBe(true);
      }
      if (snap.matches('returning')) {
        // Home from the student menu, the item's screen from a family Home item: the last request's.
        expect(h.control.inputOf('openDestination')).toEqual({ to: destinations.at(-1), replace: false });
        expect(isSwitching(snap)).toBe(true);
      }
      if (snap.matches('failed')) {
        const last = path.steps.at(-1)!.event as { error?: unknown };
        expect(snap.context.error).toEqual(last.error instanceof StudentSwitchError ? { kind: 'studentData' } : { kind: 'schoolConfiguration' });
        expect(isSwitching(snap)).toBe(false);
      }
      if (snap.matches('idle')) {
        expect(snap.context.error).toBeNull();
        expect(isSwitching(snap)).toBe(false);
      }
    });
  }

  it('exercises every transition of the machine', () => {
    expect(recorder.uncovered(studentSwitchMachine)).toEqual([]);
  });
});

describe('student switch destination', () => {
  it('lands on Home unless the request names a screen, and forgets the screen and the replace on the next request', async () => {
    const h = run(transitionRecorder());
    h.actor.send({ type: 'switch.requested', scope: studentSwitchModel.giulia, to: '/voti', replace: true });
    h.control.settle({ type: 'xstate.done.actor.changeScope' });
    await settled();
    expect(h.actor.getSnapshot().matches('returning')).toBe(true);
    expect(h.control.inputOf('openDestination')).toEqual({ to: '/voti', replace: true });
    h.control.settle({ type: 'xstate.done.actor.openDestination' });
    await settled();
    h.actor.send({ type: 'switch.requested', scope: studentSwitchModel.pastYear });
    h.control.settle({ type: 'xstate.done.actor.changeScope' });
    await settled();
    expect(h.control.inputOf('openDestination')).toEqual({ to: '/home', replace: false });
  });
});
