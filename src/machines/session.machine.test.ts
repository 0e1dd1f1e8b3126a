import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  sessionMachine,
  StudentLoadError,
  loginErrorOf,
  studentLoadErrorOf,
  isCompleteSession,
  type SignIn,
  type SavedSession,
} from './session.machine';
import { controlledActors, replayPath, settled, transitionPaths, transitionRecorder } from './testing/model';
import { sessionModel } from './testing/session.model';

const { current: CURRENT, pastYear: PAST_YEAR, login: LOGIN, noStudents: NO_STUDENTS, noUser: NO_USER, info: INFO, saved: SAVED, events: EVENTS, inputs: INPUTS } = sessionModel;

function run(input: { saved: SavedSession | null }, recorder: ReturnType<typeof transitionRecorder>) {
  const control = controlledActors(['login', 'validate', 'loadStudent', 'startProvider'] as const);
  const storage: Array<SavedSession | null> = [];
  let forgotten = 0;
  const actor = createActor(
    sessionMachine.provide({
      actors: control.actors as never,
      actions: {
        persist: (_, p) => storage.push(p.saved),
        forget: () => {
          forgotten += 1;
        },
      },
    }),
    { input, inspect: recorder.inspect },
  ).start();
  return { actor, control, storage, forgotten: () => forgotten };
}

describe('session machine, model-based', () => {
  const recorder = transitionRecorder();

  for (const [name, input] of Object.entries(INPUTS)) {
    describe(`from a ${name} start`, () => {
      const paths = transitionPaths(sessionMachine, { events: EVENTS, input });
      it('has paths to test', () => expect(paths.length).toBeGreaterThan(3));

      for (const path of paths) {
        it(path.description, async () => {
          const h = run(input, recorder);
          const snap = await replayPath(h.actor, path, { control: h.control });
          // What each state promises beyond its name.
          if (snap.matches('signedOut')) {
            expect(snap.context.token).toBeNull();
            expect(snap.context.user).toBeNull();
            expect(h.forgotten()).toBeGreaterThan(0);
            const last = path.steps.at(-1)?.event as { type: string; output?: SignIn } | undefined;
            if (last?.output === NO_USER || last?.output === NO_STUDENTS) expect(snap.context.error).toEqual({ kind: 'studentData' });
          }
          if (snap.matches({ authenticated: 'signedIn' })) {
            expect(snap.context.studentInfo).toBe(INFO);
            // What the guard and the login screen both require: never one without the other.
            expect(isCompleteSession(snap)).toBe(true);
            expect(snap.context.pendingScope).toBeNull();
            expect(h.storage.at(-1)).toMatchObject({ token: snap.context.token, scope: { id_studente: 501 } });
            const last: string = path.steps.at(-1)!.event.type;
            const switched = path.steps.some((st) => st.event.type === 'session.scopeChanged');
            if (switched && last === 'xstate.done.actor.loadStudent') {
              // The new year is open, and what survives a reload says so.
              expect(snap.context.scope).toEqual(PAST_YEAR);
              expect(h.storage.at(-1)).toMatchObject({ scope: PAST_YEAR });
            }
            if (switched && last === 'xstate.error.actor.loadStudent') {
              // A failed switch keeps the previous student open, signed in, and says why.
              expect(snap.context.scope).toEqual(CURRENT);
              expect(snap.context.switchError).toEqual({ kind: 'subjectsSettings' });
              expect(h.storage.at(-1)).toMatchObject({ scope: CURRENT });
              expect(snap.context.user).toEqual(LOGIN.user);
            }
          }
          if (snap.matches({ authenticated: 'switchingStudent' })) {
            // Until the new scope has loaded, the open one is still the previous.
            expect(snap.context.scope).toEqual(CURRENT);
            expect(snap.context.pendingScope).toEqual(PAST_YEAR);
            expect(h.control.inputOf('loadStudent')).toEqual({ scope: PAST_YEAR });
          }
          if (snap.matches('signingIn')) {
            const signIn = path.steps.findLast((st) => st.event.type === 'session.signIn')!.event as { credentials: unknown };
            expect(h.control.inputOf('login')).toEqual(signIn.credentials);
            expect(snap.context.way).toBe((signIn.credentials as { kind: string }).kind);
          }
          if (snap.matches('leavingForProvider')) {
            const start = (path.steps.at(-1)!.event as { start: unknown }).start;
            expect(h.control.inputOf('startProvider')).toEqual(start);
            expect(snap.context.error).toBeNull();
          }
          const last = path.steps.at(-1)!.event as { type: string; method?: string; outcome?: string; error?: unknown };
          if (last.type === 'session.providerReturned') {
            expect(snap.value).toBe('signedOut');
            expect(snap.context.error).toEqual({ kind: last.outcome === 'annullato' ? 'providerCancelled' : 'providerFailed', method: last.method });
          }
          if (last.type === 'xstate.error.actor.startProvider') {
            expect(snap.context.error).toMatchObject({ kind: 'providerFailed' });
          }
          if (last.type === 'xstate.error.actor.login' && last.error === sessionModel.firstCycle) {
            expect(snap.context.error).toEqual({ kind: 'firstCycle' });
          }
          if (snap.matches('validating')) {
            expect(h.control.inputOf('validate')).toEqual({ idUtente: 1001, token: 'saved-token' });
          }
        });
      }
    });
  }

  it('exercises every transition of the machine', () => {
    expect(recorder.uncovered(sessionMachine)).toEqual([]);
  });
});

describe('session error mapping', () => {
  it('maps login failures', () => {
    expect(loginErrorOf({ status: 401, detail: 'x', error: null })).toEqual({ kind: 'invalidCredentials' });
    expect(loginErrorOf({ status: 408, detail: 'Il server è lento', error: null })).toEqual({ kind: 'timeout', detail: 'Il server è lento' });
    expect(loginErrorOf({ status: 500, detail: null, error: null })).toEqual({ kind: 'loginFailed' });
    expect(loginErrorOf({ status: null, detail: null, error: null })).toEqual({ kind: 'loginFailed' });
  });

  it('maps the refusals of the law and of a school without passwords, whatever the way in', () => {
    for (const way of ['password', 'spid', 'cie', 'mobile'] as const) {
      expect(loginErrorOf({ status: 403, detail: 'x', error: 'accesso_primo_ciclo' }, way)).toEqual({ kind: 'firstCycle' });
    }
    expect(loginErrorOf({ status: 403, detail: 'x', error: 'solo_spid_cie' })).toEqual({ kind: 'passwordOff' });
  });

  it('maps SPID, CIE and mobile-code failures to their own messages', () => {
    for (const way of ['spid', 'cie'] as const) {
      expect(loginErrorOf({ status: 404, detail: 'nessuno', error: `${way}_nessun_utente` }, way)).toEqual({ kind: 'taxCodeNoUser', detail: 'nessuno' });
      expect(loginErrorOf({ status: 409, detail: 'più utenti', error: `${way}_utenti_multipli` }, way)).toEqual({ kind: 'taxCodeSeveralUsers', detail: 'più utenti' });
      expect(loginErrorOf({ status: 401, detail: null, error: 'codice_scaduto' }, way)).toEqual({ kind: 'codeExpired' });
      expect(loginErrorOf({ status: 401, detail: null, error: `${way}_codice_non_valido` }, way)).toEqual({ kind: 'providerFailed', method: way });
    }
    expect(loginErrorOf({ status: 400, detail: null, error: 'parametri_mancanti' }, 'mobile')).toEqual({ kind: 'mobileMissingCode' });
    expect(loginErrorOf({ status: 401, detail: null, error: 'token_non_valido' }, 'mobile')).toEqual({ kind: 'mobileInvalidCode' });
    expect(loginErrorOf({ status: 401, detail: null, error: 'token_scaduto' }, 'mobile')).toEqual({ kind: 'mobileExpiredCode' });
    expect(loginErrorOf({ status: 500, detail: null, error: null }, 'mobile')).toEqual({ kind: 'mobileFailed' });
  });

  it('maps student-data failures by the call that failed', () => {
    const at = (stage: 'info' | 'subjects' | 'updates', status: number) =>
      studentLoadErrorOf(new StudentLoadError(stage, { status, detail: null, error: null })).kind;
    expect([at('info', 401), at('info', 500), at('info', 404)]).toEqual(['studentData', 'studentData', 'schoolConfiguration']);
    expect([at('subjects', 401), at('subjects', 500), at('subjects', 403)]).toEqual([
      'subjectsUnauthorized',
      'subjectsSettings',
      'subjectsFailed',
    ]);
    expect(at('updates', 500)).toBe('updates');
  });

  it('ignores a switch to the scope already open or to one the account does not have', async () => {
    const recorder = transitionRecorder();
    const h = run({ saved: null }, recorder);
    h.actor.send({ type: 'session.signIn', credentials: { kind: 'password', school: 'DEMO01', username: 'genitore.demo', password: 'Demo.2026!' } });
    h.control.settle({ type: 'xstate.done.actor.login', output: LOGIN });
    await settled();
    h.control.settle({ type: 'xstate.done.actor.loadStudent', output: INFO });
    await settled();
    h.actor.send({ type: 'session.scopeChanged', scope: CURRENT });
    h.actor.send({ type: 'session.scopeChanged', scope: { ...CURRENT, id_studente: 999 } });
    h.actor.send({ type: 'session.scopeChanged', scope: { ...CURRENT, anno: '2019_2020' } });
    expect(h.actor.getSnapshot().value).toEqual({ authenticated: 'signedIn' });
  });

  it('keeps the restored student when the account still has it', async () => {
    const recorder = transitionRecorder();
    const h = run({ saved: { ...SAVED, scope: { ...SAVED.scope, anno: '2025_2026' } } }, recorder);
    h.control.settle({ type: 'xstate.done.actor.validate', output: LOGIN });
    await settled();
    expect(h.actor.getSnapshot().context.scope).toEqual({ id_scuola: 'DEMO01', id_studente: 501, anno: '2025_2026' });
    expect(h.control.inputOf('loadStudent')).toEqual({ scope: { id_scuola: 'DEMO01', id_studente: 501, anno: '2025_2026' } });
  });
});
