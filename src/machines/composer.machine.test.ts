import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { composerMachine, draftOf, type ComposerEvent, type ComposerInput } from './composer.machine';
import { composerModel } from './testing/composer.model';
import { controlledActors, replayPath, settled, transitionPaths, transitionRecorder } from './testing/model';

function run(recorder: ReturnType<typeof transitionRecorder>, input: ComposerInput) {
  const control = controlledActors(['send', 'upload'] as const);
  const calls = { send: 0, upload: 0 };
  const sent: unknown[] = [];
  const actor = createActor(composerMachine.provide({ actors: control.actors as never }), {
    input,
    inspect: (ev) => {
      recorder.inspect(ev);
      const id = (ev.actorRef as { id?: string }).id;
      if (ev.type === '@xstate.actor' && (id === 'send' || id === 'upload')) calls[id] += 1;
    },
  });
  actor.on('composer.sent', (e) => sent.push(e.output));
  actor.start();
  return { actor, control, calls, sent };
}

describe('composer machine, model-based', () => {
  const recorder = transitionRecorder();
  const runs = Object.entries(composerModel.inputs).map(([name, input]) => ({
    name,
    input,
    paths: transitionPaths(composerMachine, { events: composerModel.events, input }),
  }));
  it('has paths to test', () => expect(runs.flatMap((r) => r.paths).length).toBeGreaterThanOrEqual(20));

  for (const { name, input, paths } of runs) {
    describe(name, () => {
      for (const path of paths) {
        it(path.description, async () => {
          const h = run(recorder, input);
          const before = structuredClone({ fields: h.actor.getSnapshot().context.fields });
          let sendingContext: ReturnType<typeof h.actor.getSnapshot>['context'] | null = null;
          const snap = await replayPath(h.actor, path, {
            control: h.control,
            onStep: (_step, s) => {
              if (s.matches({ form: 'sending' })) sendingContext = s.context;
            },
          });
          const last = path.steps.at(-1)!.event as ComposerEvent | { type: string; output?: unknown };
          const c = snap.context;
          // Each entry into sending is one call: a second "send" while it runs sends nothing.
          const sendings = path.steps.filter((s, i) => i > 0 && s.state.matches({ form: 'sending' }) && !path.steps[i - 1]!.state.matches({ form: 'sending' }));
          expect(h.calls.send).toBe(sendings.length);
          // At most one upload at a time, and every upload entry is a call.
          expect(c.attachments.filter((a) => a.status === 'uploading').length).toBeLessThanOrEqual(1);
          if (snap.matches({ uploads: 'uploading' })) expect(h.control.inputOf('upload')).toMatchObject({ file: composerModel.files.pdf });

          if (snap.matches({ form: 'sending' })) {
            const sentInput = h.control.inputOf('send') as { kind: string; body: Record<string, unknown> };
            if (input.version === 'v1') {
              expect(sentInput).toMatchObject({ kind: 'form', body: { destinatari: ['3000201@segreteria'], titolo: 'Richiesta di colloquio' } });
            } else if (input.threadId) {
              expect(sentInput).toEqual({ kind: 'thread', body: expect.objectContaining({ id_thread: '1351_ver_2', allegati: [] }) });
              expect(sentInput.body).not.toHaveProperty('destinatari');
            } else {
              expect(sentInput).toMatchObject({ kind: 'thread', body: { destinatari: ['3000201@segreteria'], titolo: 'Richiesta di colloquio' } });
            }
          }
          switch (last.type) {
            case 'send':
              if (name === 'v2New') expect(c.errors).toEqual({ destinatari: 'required', titolo: 'required', testo: 'required' });
              // The fields are checked first; then uploads running or failed hold the message back.
              if (name !== 'v2New' && snap.matches({ uploads: 'uploading' })) expect(c.blocked).toBe('uploading');
              if (name !== 'v2New' && snap.matches({ uploads: 'stalled' })) expect(c.blocked).toBe('failedUploads');
              break;
            case 'files.picked':
              if ((last as { files: File[] }).files[0] === composerModel.files.exe) expect(c.refused).toEqual([{ nome: 'setup.exe', reason: 'type' }]);
              else {
                expect(c.attachments.at(-1)).toMatchObject({ nome: 'delega.pdf', percent: 0 });
                // v1 keeps files for its form; v2 uploads the first waiting one, the others queue.
                const statuses = c.attachments.map((a) => a.status).filter((st) => st !== 'failed');
                expect(statuses).toEqual(input.version === 'v1' ? statuses.map(() => 'local') : ['uploading', ...statuses.slice(1).map(() => 'queued')]);
              }
              break;
            case 'upload.progress':
              expect(c.attachments.find((a) => a.key === 'a1')?.percent).toBe(40);
              break;
            case 'attachment.cancelled':
            case 'attachment.removed':
              expect(c.attachments.find((a) => a.key === 'a1')).toBeUndefined();
              break;
            case 'xstate.done.actor.upload':
              expect(c.attachments.find((a) => a.key === 'a1')).toMatchObject({ status: 'done', id: 6900, percent: 100 });
              expect(draftOf(c).allegati).toEqual([composerModel.uploaded]);
              break;
            case 'xstate.error.actor.upload':
              expect(c.attachments.find((a) => a.key === 'a1')).toMatchObject({ status: 'failed', failure: { status: 500 } });
              break;
            case 'xstate.done.actor.send':
              expect(h.sent).toEqual([{ id: '1400_ver_2' }]);
              expect(c.fields).toEqual({ destinatari: [], titolo: '', testo: '', presa_visione: false });
              expect(c.attachments).toEqual([]);
              break;
            case 'xstate.error.actor.send':
              // Every word, recipient and attachment is still there, with the reason.
              expect(c.failure).toMatchObject({ status: 500 });
              expect(c.fields).toEqual(sendingContext!.fields);
              expect(c.attachments).toEqual(sendingContext!.attachments);
              expect(h.sent).toEqual([]);
              break;
          }
          const types = path.steps.map((s) => (s.event as { type: string }).type);
          if (!types.includes('xstate.done.actor.send') && !types.some((type) => type.endsWith('changed'))) {
            expect(c.fields).toEqual(before.fields);
          }
        });
      }
    });
  }

  it('uploads the files one after the other and reports progress', async () => {
    const h = run(transitionRecorder(), composerModel.inputs.v2Draft);
    const second = new File(['%PDF-1.4 due'], 'due.pdf', { type: 'application/pdf' });
    h.actor.send({ type: 'files.picked', files: [composerModel.files.pdf, second] });
    await settled();
    expect(h.calls.upload).toBe(1);
    (h.control.inputOf('upload') as { onProgress: (n: number) => void }).onProgress(75);
    expect(h.actor.getSnapshot().context.attachments.map((a) => [a.status, a.percent])).toEqual([
      ['uploading', 75],
      ['queued', 0],
    ]);
    h.control.settle({ type: 'xstate.done.actor.upload', output: { id: 1, nome: 'delega.pdf', dimensione: 1 } } as never);
    await settled();
    expect(h.calls.upload).toBe(2);
    expect(h.control.inputOf('upload')).toMatchObject({ file: second });
  });

  it('exercises every transition of the machine', () => {
    expect(recorder.uncovered(composerMachine)).toEqual([]);
  });
});
