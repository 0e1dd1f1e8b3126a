import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { pushSubscriptionMachine } from './pushSubscription.machine';
import { pushSubscriptionModel } from './testing/pushSubscription.model';
import { controlledActors, replayPath, settled, transitionPaths, transitionRecorder } from './testing/model';

function run(recorder: ReturnType<typeof transitionRecorder>) {
  const control = controlledActors(['probe', 'subscribe', 'unsubscribe'] as const);
  const invoked: string[] = [];
  const actor = createActor(pushSubscriptionMachine.provide({ actors: control.actors as never }), {
    inspect: (ev) => {
      recorder.inspect(ev);
      const id = (ev.actorRef as { id?: string }).id;
      if (ev.type === '@xstate.actor' && id && ['probe', 'subscribe', 'unsubscribe'].includes(id)) invoked.push(id);
    },
  });
  actor.start();
  return { actor, control, invoked };
}

describe('push subscription machine, model-based', () => {
  const recorder = transitionRecorder();
  const paths = transitionPaths(pushSubscriptionMachine, { events: pushSubscriptionModel.events });
  it('has paths to test', () => expect(paths.length).toBeGreaterThanOrEqual(14));

  for (const path of paths) {
    it(path.description, async () => {
      const h = run(recorder);
      const snap = await replayPath(h.actor, path, { control: h.control });
      const types = path.steps.map((s) => s.event.type);
      // The permission is asked (subscribe runs) once per click on "enable" or "retry", never otherwise.
      expect(h.invoked.filter((id) => id === 'subscribe')).toHaveLength(types.filter((t) => t === 'push.enable' || t === 'push.retry').length);
      expect(h.invoked[0]).toBe('probe');
      expect(snap.context.failed).toBe(snap.matches('error'));
    });
  }

  it('exercises every transition of the machine', () => {
    expect(recorder.uncovered(pushSubscriptionMachine)).toEqual([]);
  });
});

describe('push subscription rules', () => {
  it('never asks on load: after the probe nothing runs until a click', async () => {
    const h = run(transitionRecorder());
    h.control.settle({ type: 'xstate.done.actor.probe', output: pushSubscriptionModel.probes.notAsked });
    await settled();
    await settled();
    expect(h.actor.getSnapshot().value).toBe('notAsked');
    expect(h.invoked).toEqual(['probe']);
  });

  it('a denied or unsupported browser cannot be made to ask', async () => {
    for (const probe of [pushSubscriptionModel.probes.denied, pushSubscriptionModel.probes.unsupported]) {
      const h = run(transitionRecorder());
      h.control.settle({ type: 'xstate.done.actor.probe', output: probe });
      await settled();
      h.actor.send({ type: 'push.enable' });
      h.actor.send({ type: 'push.retry' });
      await settled();
      expect(h.invoked).toEqual(['probe']);
    }
  });
});
