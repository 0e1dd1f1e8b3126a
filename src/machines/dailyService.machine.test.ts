import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { dailyServiceMachine } from './dailyService.machine';
import { dailyServiceModel } from './testing/dailyService.model';
import { controlledActors, replayPath, settled, transitionPaths, transitionRecorder } from './testing/model';

function run(recorder: ReturnType<typeof transitionRecorder>) {
  const control = controlledActors(['joinService', 'leaveService'] as const);
  const calls = { joinService: 0, leaveService: 0 };
  const actor = createActor(dailyServiceMachine.provide({ actors: control.actors as never }), {
    inspect: (ev) => {
      recorder.inspect(ev);
      const id = (ev.actorRef as { id?: string }).id;
      if (ev.type === '@xstate.actor' && (id === 'joinService' || id === 'leaveService')) calls[id] += 1;
    },
  });
  actor.start();
  return { actor, control, calls };
}

describe('daily service machine, model-based', () => {
  const recorder = transitionRecorder();
  const paths = transitionPaths(dailyServiceMachine, { events: dailyServiceModel.events });
  it('has paths to test', () => expect(paths.length).toBeGreaterThanOrEqual(8));

  for (const path of paths) {
    it(path.description, async () => {
      const h = run(recorder);
      const snap = await replayPath(h.actor, path, { control: h.control });
      const types = path.steps.map((s) => s.event.type);
      expect(h.calls.joinService).toBe(types.filter((t) => t === 'service.join').length);
      expect(h.calls.leaveService).toBe(types.filter((t) => t === 'service.leave').length);
      const request = { data_adesione: '2026-11-23', id_marketplace: 22 };
      if (snap.matches('joining')) expect(h.control.inputOf('joinService')).toEqual(request);
      if (snap.matches('leaving')) expect(h.control.inputOf('leaveService')).toEqual(request);
      const last = path.steps.at(-1)!.event as { type: string; output?: { ok: boolean; messaggio: string } };
      const { service } = dailyServiceModel;
      if (last.type.startsWith('xstate.done.actor.')) {
        if (last.output!.ok) {
          expect(snap.context.result).toEqual({ kind: last.type.endsWith('joinService') ? 'joined' : 'left', service });
        } else {
          expect(snap.context.result).toEqual({ kind: 'refused', service, message: last.output!.messaggio });
        }
      }
      if (last.type.startsWith('xstate.error.actor.')) expect(snap.context.result).toMatchObject({ kind: 'failed', service, failure: { status: 500 } });
      if (last.type === 'service.join' || last.type === 'service.leave') expect(snap.context.result).toBeNull();
    });
  }

  it('exercises every transition of the machine', () => {
    expect(recorder.uncovered(dailyServiceMachine)).toEqual([]);
  });
});

describe('daily service rules', () => {
  it('one change at a time: a double click sends one request', async () => {
    const h = run(transitionRecorder());
    h.actor.send({ type: 'service.join', service: dailyServiceModel.service });
    h.actor.send({ type: 'service.join', service: dailyServiceModel.service });
    h.actor.send({ type: 'service.leave', service: dailyServiceModel.service });
    await settled();
    expect(h.calls).toEqual({ joinService: 1, leaveService: 0 });
  });
});
