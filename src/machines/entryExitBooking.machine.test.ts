import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { entryExitBookingMachine, type EntryExitBookingEvent } from './entryExitBooking.machine';
import { entryExitBookingModel } from './testing/entryExitBooking.model';
import { controlledActors, replayPath, settled, transitionPaths, transitionRecorder } from './testing/model';

const { input, fields } = entryExitBookingModel;

function run(recorder: ReturnType<typeof transitionRecorder>) {
  const control = controlledActors(['createBooking', 'cancelBooking'] as const);
  const calls = { createBooking: 0, cancelBooking: 0 };
  const created: unknown[] = [];
  const actor = createActor(entryExitBookingMachine.provide({ actors: control.actors as never }), {
    input,
    inspect: (ev) => {
      recorder.inspect(ev);
      const id = (ev.actorRef as { id?: string }).id;
      if (ev.type === '@xstate.actor' && (id === 'createBooking' || id === 'cancelBooking')) calls[id] += 1;
    },
  });
  actor.on('booking.created', (e) => created.push(e.booking));
  actor.start();
  return { actor, control, calls, created };
}

const entriesInto = (steps: Array<{ state: { value: unknown } }>, state: string) =>
  steps.filter((s, i) => i > 0 && s.state.value === state && steps[i - 1]!.state.value !== state).length;

describe('entry/exit booking machine, model-based', () => {
  const recorder = transitionRecorder();
  const paths = transitionPaths(entryExitBookingMachine, { events: entryExitBookingModel.events, input });
  it('has paths to test', () => expect(paths.length).toBeGreaterThanOrEqual(10));

  for (const path of paths) {
    it(path.description, async () => {
      const h = run(recorder);
      const snap = await replayPath(h.actor, path, { control: h.control });
      const last = path.steps.at(-1)!.event as EntryExitBookingEvent | { type: string };
      // Each entry into creating or cancelling is one call, and nothing else calls the server.
      expect(h.calls.createBooking).toBe(entriesInto(path.steps, 'creating'));
      expect(h.calls.cancelBooking).toBe(entriesInto(path.steps, 'cancelling'));

      if (snap.matches('creating')) {
        expect(h.control.inputOf('createBooking')).toEqual({ data: '2026-11-23', orario: '09:00', tipo_assenza: 'entrata', motivazione: 'Visita medica.' });
      }
      if (snap.matches('confirmingCancel') || snap.matches('cancelling')) expect(snap.context.toCancel).toMatchObject({ id: 5, data: '2026-11-24' });
      if (snap.matches('cancelling')) expect(h.control.inputOf('cancelBooking')).toEqual({ id: 5 });
      if (last.type === 'booking.submitted') {
        const sent = (last as { fields: typeof fields.valid }).fields;
        if (sent === fields.empty) {
          expect(snap.context.outcome).toEqual({
            kind: 'invalid',
            errors: { data: 'required', orario: 'required', tipo: 'required', motivazione: 'required' },
          });
        }
        if (sent === fields.tooEarly) expect(snap.context.outcome).toEqual({ kind: 'invalid', errors: { data: 'beforeMinimum' } });
      }
      if (last.type === 'booking.cancelDismissed') {
        expect(snap.context.toCancel).toBeNull();
        expect(snap.context.outcome).toBeNull();
      }
      if (last.type === 'xstate.done.actor.createBooking') {
        expect(snap.context.outcome).toMatchObject({ kind: 'created', booking: { id: 40 } });
        expect(h.created).toHaveLength(1);
      }
      if (last.type === 'xstate.error.actor.createBooking') {
        expect(snap.context.outcome).toMatchObject({ kind: 'createFailed', failure: { status: 409, error: expect.stringContaining('Esiste già') } });
        // What was sent is still there for another try.
        expect(snap.context.submitted).toEqual(fields.valid);
        expect(h.created).toEqual([]);
      }
      if (last.type === 'xstate.done.actor.cancelBooking') {
        expect(snap.context.outcome).toMatchObject({ kind: 'cancelled', booking: { id: 5, stato: 'annullata' } });
        expect(snap.context.toCancel).toBeNull();
      }
      if (last.type === 'xstate.error.actor.cancelBooking') {
        expect(snap.context.outcome).toMatchObject({ kind: 'cancelFailed', booking: { id: 5 }, failure: { error: 'La prenotazione è già stata annullata' } });
        expect(snap.context.toCancel).toBeNull();
      }
    });
  }

  it('exercises every transition of the machine', () => {
    expect(recorder.uncovered(entryExitBookingMachine)).toEqual([]);
  });
});

describe('entry/exit booking rules', () => {
  it('a double submission creates one booking', async () => {
    const h = run(transitionRecorder());
    h.actor.send({ type: 'booking.submitted', fields: fields.valid });
    h.actor.send({ type: 'booking.submitted', fields: fields.valid });
    h.actor.send({ type: 'booking.cancelRequested', booking: { id: 5, data: '2026-11-24', orario: '12:00', tipo: 'uscita', stato: 'attiva' } });
    await settled();
    expect(h.calls.createBooking).toBe(1);
    expect(h.actor.getSnapshot().value).toBe('creating');
  });

  it('a double confirmation cancels once', async () => {
    const h = run(transitionRecorder());
    h.actor.send({ type: 'booking.cancelRequested', booking: { id: 5, data: '2026-11-24', orario: '12:00', tipo: 'uscita', stato: 'attiva' } });
    h.actor.send({ type: 'booking.cancelConfirmed' });
    h.actor.send({ type: 'booking.cancelConfirmed' });
    h.actor.send({ type: 'booking.cancelDismissed' });
    await settled();
    expect(h.calls.cancelBooking).toBe(1);
    expect(h.actor.getSnapshot().value).toBe('cancelling');
  });

  it('refuses a time the school does not offer for that kind', () => {
    const h = run(transitionRecorder());
    h.actor.send({ type: 'booking.submitted', fields: { ...fields.valid, tipo: 'uscita' } });
    expect(h.actor.getSnapshot().context.outcome).toEqual({ kind: 'invalid', errors: { orario: 'notOffered' } });
  });
});
