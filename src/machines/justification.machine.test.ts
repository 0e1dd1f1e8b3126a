import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { justificationMachine, type JustificationEvent } from './justification.machine';
import { justificationModel } from './testing/justification.model';
import { controlledActors, replayPath, settled, transitionPaths, transitionRecorder } from './testing/model';

const { complete, incomplete } = justificationModel.drafts;

function run(recorder: ReturnType<typeof transitionRecorder>) {
  const control = controlledActors(['justifyAbsences'] as const);
  let calls = 0;
  const sent: number[][] = [];
  const actor = createActor(justificationMachine.provide({ actors: control.actors as never }), {
    inspect: (ev) => {
      recorder.inspect(ev);
      if (ev.type === '@xstate.actor' && (ev.actorRef as { id?: string }).id === 'justifyAbsences') calls += 1;
    },
  });
  actor.on('justification.sent', (e) => sent.push(e.justified));
  actor.start();
  return { actor, control, calls: () => calls, sent };
}

describe('justification machine, model-based', () => {
  const recorder = transitionRecorder();
  const paths = transitionPaths(justificationMachine, { events: justificationModel.events });
  it('has paths to test', () => expect(paths.length).toBeGreaterThanOrEqual(5));

  for (const path of paths) {
    it(path.description, async () => {
      const h = run(recorder);
      const snap = await replayPath(h.actor, path, { control: h.control });
      const last = path.steps.at(-1)!.event as JustificationEvent | { type: string; output?: unknown };
      // The server is called once per entry into submitting, never for an incomplete draft.
      const entries = path.steps.filter((s, i) => i > 0 && s.state.value === 'submitting' && path.steps[i - 1]!.state.value !== 'submitting');
      expect(h.calls()).toBe(entries.length);

      if (snap.matches('submitting')) {
        // One request per event, each with the reason of its own list and the same text.
        expect(h.control.inputOf('justifyAbsences')).toEqual({
          requests: [
            { id: 31, tipo_assenza: 'SAL', motivazione: 'Febbre e mal di gola.' },
            { id: 27, tipo_assenza: 'SAL', motivazione: 'Febbre e mal di gola.' },
          ],
        });
        expect(snap.context.outcome).toBeNull();
      }
      if (snap.matches('editing') && last.type === 'justification.submitted') {
        expect(snap.context.outcome).toEqual({ kind: 'incomplete', missing: ['selection', 'text'] });
      }
      if (last.type === 'xstate.done.actor.justifyAbsences') {
        const output = (last as { output: { failed: unknown[] } }).output;
        if (output.failed.length === 0) {
          expect(snap.context.outcome).toEqual({ kind: 'sent', justified: [31, 27] });
          expect(snap.context.submitted).toBeNull();
          expect(h.sent).toEqual([[31, 27]]);
        } else {
          // The refused event is named and the draft kept for another try.
          expect(snap.context.outcome).toMatchObject({ kind: 'partial', justified: [31], failed: [{ id: 27 }] });
          expect(snap.context.submitted).toEqual(complete);
          expect(h.sent).toEqual([]);
        }
      }
      if (last.type === 'xstate.error.actor.justifyAbsences') {
        expect(snap.context.outcome).toEqual({
          kind: 'failed',
          failure: { status: 409, detail: 'Conflict', error: justificationModel.deadlinePassed },
        });
        expect(snap.context.submitted).toEqual(complete);
        expect(h.sent).toEqual([]);
      }
    });
  }

  it('exercises every transition of the machine', () => {
    expect(recorder.uncovered(justificationMachine)).toEqual([]);
  });
});

describe('justification rules', () => {
  it('a double submission sends one request', async () => {
    const h = run(transitionRecorder());
    h.actor.send({ type: 'justification.submitted', draft: complete });
    h.actor.send({ type: 'justification.submitted', draft: complete });
    await settled();
    expect(h.calls()).toBe(1);
    expect(h.actor.getSnapshot().value).toBe('submitting');
  });

  it('justifies a choice that mixes distance-learning and other events as two groups', async () => {
    const h = run(transitionRecorder());
    h.actor.send({
      type: 'justification.submitted',
      draft: { items: [{ id: 28, list: 'dad' }, { id: 31, list: 'normale' }], reasons: { normale: 'FAM', dad: 'CON' }, text: 'Rete assente.' },
    });
    await settled();
    expect(h.control.inputOf('justifyAbsences')).toEqual({
      requests: [
        { id: 28, tipo_assenza: 'CON', motivazione: 'Rete assente.' },
        { id: 31, tipo_assenza: 'FAM', motivazione: 'Rete assente.' },
      ],
    });
  });

  it('names the missing reason of a group', () => {
    const h = run(transitionRecorder());
    h.actor.send({ type: 'justification.submitted', draft: { ...incomplete, items: [{ id: 28, list: 'dad' }], text: 'x' } });
    expect(h.actor.getSnapshot().context.outcome).toEqual({ kind: 'incomplete', missing: ['reason.dad'] });
  });
});
