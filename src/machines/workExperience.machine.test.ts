import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { workExperienceMachine, type WorkExperienceEvent } from './workExperience.machine';
import { workExperienceModel } from './testing/workExperience.model';
import { controlledActors, replayPath, settled, transitionPaths, transitionRecorder } from './testing/model';

const { projects } = workExperienceModel;

function run(recorder: ReturnType<typeof transitionRecorder>) {
  const control = controlledActors(['subscribe', 'unsubscribe'] as const);
  const calls = { subscribe: 0, unsubscribe: 0 };
  const actor = createActor(workExperienceMachine.provide({ actors: control.actors as never }), {
    inspect: (ev) => {
      recorder.inspect(ev);
      const id = (ev.actorRef as { id?: string }).id;
      if (ev.type === '@xstate.actor' && (id === 'subscribe' || id === 'unsubscribe')) calls[id] += 1;
    },
  });
  actor.start();
  return { actor, control, calls };
}

const entriesInto = (steps: Array<{ state: { value: unknown } }>, state: string) =>
  steps.filter((s, i) => i > 0 && s.state.value === state && steps[i - 1]!.state.value !== state).length;

describe('work-experience machine, model-based', () => {
  const recorder = transitionRecorder();
  const paths = transitionPaths(workExperienceMachine, { events: workExperienceModel.events });
  it('has paths to test', () => expect(paths.length).toBeGreaterThanOrEqual(10));

  for (const path of paths) {
    it(path.description, async () => {
      const h = run(recorder);
      const snap = await replayPath(h.actor, path, { control: h.control });
      const last = path.steps.at(-1)!.event as WorkExperienceEvent | { type: string };
      expect(h.calls.subscribe).toBe(entriesInto(path.steps, 'subscribing'));
      expect(h.calls.unsubscribe).toBe(entriesInto(path.steps, 'cancelling'));

      if (snap.matches('subscribing')) expect(h.control.inputOf('subscribe')).toEqual({ id: 8101 });
      if (snap.matches('cancelling')) expect(h.control.inputOf('unsubscribe')).toEqual({ id: 8102 });
      if (snap.matches('confirmingSubscribe')) expect(snap.context.project).toEqual(projects.open);
      if (snap.matches('confirmingCancel')) expect(snap.context.project).toEqual(projects.mine);
      if (last.type === 'choice.dismissed') expect(snap.context).toEqual({ project: null, outcome: null });
      if (last.type === 'xstate.done.actor.subscribe') expect(snap.context).toEqual({ project: null, outcome: { kind: 'subscribed', project: projects.open } });
      if (last.type === 'xstate.done.actor.unsubscribe') expect(snap.context).toEqual({ project: null, outcome: { kind: 'cancelled', project: projects.mine } });
      if (last.type === 'xstate.error.actor.subscribe') {
        expect(snap.context.outcome).toMatchObject({ kind: 'failed', action: 'subscribe', project: projects.open, failure: { status: 409, error: 'Posti esauriti per questo progetto' } });
      }
      if (last.type === 'xstate.error.actor.unsubscribe') {
        expect(snap.context.outcome).toMatchObject({ kind: 'failed', action: 'cancel', project: projects.mine, failure: { status: 409 } });
      }
    });
  }

  it('exercises every transition of the machine', () => {
    expect(recorder.uncovered(workExperienceMachine)).toEqual([]);
  });
});

describe('work-experience rules', () => {
  it('a double confirmation subscribes once, and nothing else starts meanwhile', async () => {
    const h = run(transitionRecorder());
    h.actor.send({ type: 'subscribe.requested', project: projects.open });
    h.actor.send({ type: 'choice.confirmed' });
    h.actor.send({ type: 'choice.confirmed' });
    h.actor.send({ type: 'cancel.requested', project: projects.mine });
    await settled();
    expect(h.calls).toEqual({ subscribe: 1, unsubscribe: 0 });
    expect(h.actor.getSnapshot().value).toBe('subscribing');
  });
});
