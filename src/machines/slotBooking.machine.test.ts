import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { slotBookingMachine, type SlotBookingEvent } from './slotBooking.machine';
import { slotBookingModel } from './testing/slotBooking.model';
import { controlledActors, replayPath, settled, transitionPaths, transitionRecorder } from './testing/model';

const { choices } = slotBookingModel;

function run(recorder: ReturnType<typeof transitionRecorder>) {
  const control = controlledActors(['bookSlot', 'cancelBooking'] as const);
  const calls = { bookSlot: 0, cancelBooking: 0 };
  const actor = createActor(slotBookingMachine.provide({ actors: control.actors as never }), {
    inspect: (ev) => {
      recorder.inspect(ev);
      const id = (ev.actorRef as { id?: string }).id;
      if (ev.type === '@xstate.actor' && (id === 'bookSlot' || id === 'cancelBooking')) calls[id] += 1;
    },
  });
  actor.start();
  return { actor, control, calls };
}

const entriesInto = (steps: Array<{ state: { value: unknown } }>, state: string) =>
  steps.filter((s, i) => i > 0 && s.state.value === state && steps[i - 1]!.state.value !== state).length;

describe('slot booking machine, model-based', () => {
  const recorder = transitionRecorder();
  const paths = transitionPaths(slotBookingMachine, { events: slotBookingModel.events });
  it('has paths to test', () => expect(paths.length).toBeGreaterThanOrEqual(19));

  for (const path of paths) {
    it(path.description, async () => {
      const h = run(recorder);
      const snap = await replayPath(h.actor, path, { control: h.control });
      const last = path.steps.at(-1)!.event as SlotBookingEvent | { type: string; error?: { status: number } };
      // Each entry into booking or cancelling is one call, and nothing else calls the server.
      expect(h.calls.bookSlot).toBe(entriesInto(path.steps, 'booking'));
      expect(h.calls.cancelBooking).toBe(entriesInto(path.steps, 'cancelling'));

      if (snap.matches('booking')) expect(h.control.inputOf('bookSlot')).toEqual({ meetingId: 7013, slot: 3 });
      if (snap.matches('cancelling')) expect(h.control.inputOf('cancelBooking')).toEqual({ meetingId: 7012 });
      if (snap.matches('confirmingBooking')) expect(snap.context.choice).toEqual(choices.free);
      if (snap.matches('confirmingCancel')) expect(snap.context.choice).toEqual(choices.mine);
      if (last.type === 'choice.dismissed') expect(snap.context.choice).toBeNull();
      if (last.type === 'choice.confirmed') expect(snap.context.outcome).toBeNull();
      if (last.type === 'xstate.done.actor.bookSlot') expect(snap.context.outcome).toEqual({ kind: 'booked', choice: choices.free });
      if (last.type === 'xstate.error.actor.bookSlot' && snap.matches('refused')) {
        expect(snap.context.outcome).toMatchObject({ kind: 'refused', choice: choices.free, failure: { status: 409, error: 'Lo slot delle 10:20 è già stato prenotato' } });
      }
      if (last.type === 'xstate.error.actor.bookSlot' && snap.matches('failed')) {
        expect(snap.context.outcome).toMatchObject({ kind: 'failed', action: 'book', failure: { status: 500 } });
      }
      if (last.type === 'xstate.done.actor.cancelBooking') expect(snap.context.outcome).toEqual({ kind: 'cancelled', choice: choices.mine });
      if (last.type === 'xstate.error.actor.cancelBooking') {
        expect(snap.context.outcome).toMatchObject({ kind: 'failed', action: 'cancel', choice: choices.mine, failure: { status: 409 } });
      }
    });
  }

  it('exercises every transition of the machine', () => {
    expect(recorder.uncovered(slotBookingMachine)).toEqual([]);
  });
});

describe('slot booking rules', () => {
  it('a double confirmation books once and other choices wait', async () => {
    const h = run(transitionRecorder());
    h.actor.send({ type: 'slot.chosen', choice: choices.free });
    h.actor.send({ type: 'choice.confirmed' });
    h.actor.send({ type: 'choice.confirmed' });
    h.actor.send({ type: 'booking.cancelRequested', choice: choices.mine });
    h.actor.send({ type: 'choice.dismissed' });
    await settled();
    expect(h.calls).toEqual({ bookSlot: 1, cancelBooking: 0 });
    expect(h.actor.getSnapshot().value).toBe('booking');
  });

  it('keeps the last outcome while the next choice waits for its confirmation, and drops it once confirmed', async () => {
    const h = run(transitionRecorder());
    h.actor.send({ type: 'booking.cancelRequested', choice: choices.mine });
    h.actor.send({ type: 'choice.confirmed' });
    h.control.settle({ type: 'xstate.done.actor.cancelBooking', output: {} });
    await settled();
    h.actor.send({ type: 'slot.chosen', choice: choices.free });
    expect(h.actor.getSnapshot().value).toBe('confirmingBooking');
    expect(h.actor.getSnapshot().context.outcome).toEqual({ kind: 'cancelled', choice: choices.mine });
    h.actor.send({ type: 'choice.confirmed' });
    expect(h.actor.getSnapshot().context.outcome).toBeNull();
  });
});
