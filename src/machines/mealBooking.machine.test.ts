import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { mealBookingMachine, type MealBookingEvent } from './mealBooking.machine';
import { mealBookingModel } from './testing/mealBooking.model';
import { controlledActors, replayPath, settled, transitionPaths, transitionRecorder } from './testing/model';

const { days } = mealBookingModel;

function run(recorder: ReturnType<typeof transitionRecorder>) {
  const control = controlledActors(['bookMeal'] as const);
  let calls = 0;
  const actor = createActor(mealBookingMachine.provide({ actors: control.actors as never }), {
    inspect: (ev) => {
      recorder.inspect(ev);
      if (ev.type === '@xstate.actor' && (ev.actorRef as { id?: string }).id === 'bookMeal') calls += 1;
    },
  });
  actor.start();
  return { actor, control, calls: () => calls };
}

describe('meal booking machine, model-based', () => {
  const recorder = transitionRecorder();
  const paths = transitionPaths(mealBookingMachine, { events: mealBookingModel.events });
  it('has paths to test', () => expect(paths.length).toBeGreaterThanOrEqual(10));

  for (const path of paths) {
    it(path.description, async () => {
      const h = run(recorder);
      const snap = await replayPath(h.actor, path, { control: h.control });
      const last = path.steps.at(-1)!.event as MealBookingEvent | { type: string; error?: { status?: number } };
      // Each choice on an open day is one call with exactly that code, for the day shown.
      expect(h.calls()).toBe(path.steps.filter((s) => s.event.type === 'meal.chosen').length);
      if (snap.matches('booking')) expect(h.control.inputOf('bookMeal')).toEqual({ id: days.open.id, codice: 'PC' });
      if (last.type === 'meal.dayShown') {
        const day = (last as { day: { id: number; open: boolean } }).day;
        expect(snap.value).toBe(day.open ? 'choosing' : 'closed');
        expect(snap.context).toEqual({ dayId: day.id, pending: null, outcome: null });
      }
      if (last.type === 'xstate.done.actor.bookMeal') {
        expect(snap.context.outcome).toEqual({ kind: 'booked', codice: 'PC' });
        expect(snap.context.pending).toBeNull();
      }
      if (last.type === 'xstate.error.actor.bookMeal') {
        expect(snap.context.pending).toBeNull();
        if ((last as { error: { status: number } }).error.status === 409) {
          expect(snap.value).toBe('closed');
          expect(snap.context.outcome).toEqual({ kind: 'tooLate', message: mealBookingModel.tooLate });
        } else {
          expect(snap.value).toBe('choosing');
          expect(snap.context.outcome).toMatchObject({ kind: 'failed', failure: { status: 500 } });
        }
      }
    });
  }

  it('exercises every transition of the machine', () => {
    expect(recorder.uncovered(mealBookingMachine)).toEqual([]);
  });
});

describe('meal booking rules', () => {
  it('a second choice while the first is sent is not sent, nor is another day shown', async () => {
    const h = run(transitionRecorder());
    h.actor.send({ type: 'meal.dayShown', day: days.open });
    h.actor.send({ type: 'meal.chosen', codice: 'PC' });
    h.actor.send({ type: 'meal.chosen', codice: 'VEG' });
    h.actor.send({ type: 'meal.dayShown', day: days.closed });
    await settled();
    expect(h.calls()).toBe(1);
    expect(h.actor.getSnapshot().context).toMatchObject({ dayId: days.open.id, pending: 'PC' });
  });

  it('a closed day sends nothing', async () => {
    const h = run(transitionRecorder());
    h.actor.send({ type: 'meal.dayShown', day: days.closed });
    h.actor.send({ type: 'meal.chosen', codice: 'PC' });
    await settled();
    expect(h.calls()).toBe(0);
    expect(h.actor.getSnapshot().value).toBe('closed');
  });
});
