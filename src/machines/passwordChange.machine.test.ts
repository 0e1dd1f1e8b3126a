import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { canSubmitPassword, passwordOutcomeOf, passwordChangeMachine, type PasswordFields } from './passwordChange.machine';
import { controlledActors, replayPath, settled, transitionPaths, transitionRecorder } from './testing/model';
import { passwordChangeModel } from './testing/passwordChange.model';

const fields = (oldPassword: string, newPassword: string, confirmation: string): PasswordFields => ({ oldPassword, newPassword, confirmation });
const { valid: VALID, mismatch: MISMATCH, emptyField: EMPTY_FIELD, sameAsOld: SAME_AS_OLD } = passwordChangeModel.fields;
const EVENTS = passwordChangeModel.events;

function run(recorder: ReturnType<typeof transitionRecorder>) {
  const control = controlledActors(['changePassword'] as const);
  const calls: unknown[] = [];
  const actor = createActor(passwordChangeMachine.provide({ actors: control.actors as never }), {
    inspect: (ev) => {
      recorder.inspect(ev);
      if (ev.type === '@xstate.actor' && (ev.actorRef as { id?: string }).id === 'changePassword') calls.push(ev.actorRef);
    },
  }).start();
  return { actor, control, calls };
}

describe('password change machine, model-based', () => {
  const recorder = transitionRecorder();
  const paths = transitionPaths(passwordChangeMachine, { events: EVENTS });
  it('has paths to test', () => expect(paths.length).toBeGreaterThan(3));

  for (const path of paths) {
    it(path.description, async () => {
      const h = run(recorder);
      const snap = await replayPath(h.actor, path, { control: h.control });
      const last = path.steps.at(-1)!.event as { type: string; fields?: PasswordFields };
      const toggles = path.steps.filter((s) => s.event.type === 'password.visibilityToggled').length;
      if (!snap.matches('changed')) expect(snap.context.visible).toBe(toggles % 2 === 1);
      if (snap.matches('submitting')) {
        // Only a complete form whose confirmation matches reaches the server, once.
        expect(h.control.inputOf('changePassword')).toEqual({ oldPassword: 'Demo.2026!', newPassword: 'Nuova.Password7' });
        expect(h.calls).toHaveLength(1);
      }
      // The server is called once per entry into submitting: never for a mismatch, an incomplete form or a repeat.
      const entries = path.steps.filter((s, i) => i > 0 && s.state.value === 'submitting' && path.steps[i - 1]!.state.value !== 'submitting');
      expect(h.calls).toHaveLength(entries.length);
      if (snap.matches('editing') && last.type === 'password.submitted') {
        const sent = last.fields;
        if (sent === MISMATCH) expect(snap.context.outcome).toEqual({ kind: 'mismatch' });
      }
      if (snap.matches('editing') && last.type === 'xstate.error.actor.changePassword') {
        expect(snap.context.outcome).toEqual({ kind: 'failed', detail: null });
      }
      if (snap.matches('changed')) expect(snap.status).toBe('done');
    });
  }

  it('exercises every transition of the machine', () => {
    expect(recorder.uncovered(passwordChangeMachine)).toEqual([]);
  });
});

describe('password change rules', () => {
  it('allows submitting only with three fields filled and a new password different from the old one', () => {
    expect(canSubmitPassword(VALID)).toBe(true);
    expect(canSubmitPassword(MISMATCH)).toBe(true);
    expect(canSubmitPassword(EMPTY_FIELD)).toBe(false);
    expect(canSubmitPassword(fields('', 'a', 'a'))).toBe(false);
    expect(canSubmitPassword(fields('a', 'b', ''))).toBe(false);
    expect(canSubmitPassword(SAME_AS_OLD)).toBe(false);
  });

  it('a double submission sends one request', async () => {
    const h = run(transitionRecorder());
    h.actor.send({ type: 'password.submitted', fields: VALID });
    h.actor.send({ type: 'password.submitted', fields: VALID });
    await settled();
    expect(h.calls).toHaveLength(1);
    expect(h.actor.getSnapshot().value).toBe('submitting');
  });

  it('keeps the reason of a refused new password, not of other failures', () => {
    expect(passwordOutcomeOf({ status: 400, detail: 'La nuova password deve contenere almeno 8 caratteri', error: 'password_non_valida' })).toEqual({
      kind: 'failed',
      detail: 'La nuova password deve contenere almeno 8 caratteri',
    });
    expect(passwordOutcomeOf({ status: 400, detail: 'Richiesta non valida', error: 'bad_request' })).toEqual({ kind: 'failed', detail: null });
    expect(passwordOutcomeOf({ status: 409, detail: 'x', error: 'password_errata' })).toEqual({ kind: 'failed', detail: null });
    expect(passwordOutcomeOf({ status: null, detail: null, error: null })).toEqual({ kind: 'failed', detail: null });
  });
});
