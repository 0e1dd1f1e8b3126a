import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { ActionFailure } from '../domain/failure';
import type { SignIn, Student, StudentInfo, User } from '../domain/records';
import type { StudentScope } from '../domain/student';

export type { SignIn, Student, StudentInfo, User };

/** What survives a reload (session storage). Never put it in a URL. */
export interface SavedSession {
  token: string;
  user: User;
  mastercomId: string;
  urlScuola: string;
  students: Student[];
  scope: StudentScope;
}

/** The national digital identities a school may offer (law 182/2025 leaves them as the ways in). */
export type IdentityMethod = 'spid' | 'cie';

/**
 * The ways in: user code and password (with the school's MasterCom id), the single-use code the
 * server hands back after a SPID or CIE sign-in at the identity provider (exchanged with the tab's
 * verifier), or the single-use code the mobile app puts in a mobile page's address.
 */
export type Credentials =
  | { kind: 'password'; school: string; username: string; password: string }
  | { kind: IdentityMethod; codice: string; verificatore: string }
  | { kind: 'mobile'; codice: string; verificatore: string };

/** Where a SPID or CIE sign-in starts: the method, the SPID provider chosen, the page to come back to. */
export interface ProviderStart {
  method: IdentityMethod;
  idp?: string;
  returnTo?: string;
}

/** How a sign-in at the identity provider ended without a code: the user cancelled, or it failed. */
export type ProviderOutcome = 'annullato' | 'fallito';

/** Why the session is not (or no longer) signed in; the login screen turns it into its message (docs/product.md#sign-in-messages). */
export type SessionError =
  | { kind: 'invalidCredentials' }
  /** The school takes only SPID and CIE (403 solo_spid_cie). */
  | { kind: 'passwordOff' }
  /** A first-cycle pupil's own account (403 accesso_primo_ciclo): only the parents get in. */
  | { kind: 'firstCycle' }
  | { kind: 'providerCancelled'; method: IdentityMethod }
  | { kind: 'providerFailed'; method: IdentityMethod }
  /** The single-use code came back too late (401 codice_scaduto). */
  | { kind: 'codeExpired' }
  | { kind: 'taxCodeNoUser'; detail: string | null }
  | { kind: 'taxCodeSeveralUsers'; detail: string | null }
  | { kind: 'mobileMissingCode' }
  | { kind: 'mobileInvalidCode' }
  | { kind: 'mobileUnauthorized' }
  | { kind: 'mobileExpiredCode' }
  | { kind: 'mobileFailed' }
  | { kind: 'timeout'; detail: string | null }
  | { kind: 'loginFailed' }
  | { kind: 'studentData' }
  | { kind: 'schoolConfiguration' }
  | { kind: 'subjectsUnauthorized' }
  | { kind: 'subjectsSettings' }
  | { kind: 'subjectsFailed' }
  | { kind: 'updates' }
  | { kind: 'sessionExpired' };

/** Which of the three start-up calls failed, so the right message can be chosen (docs/product.md#sign-in-messages). */
export type StudentLoadStage = 'info' | 'subjects' | 'updates';
export class StudentLoadError extends Error {
  constructor(
    readonly stage: StudentLoadStage,
    readonly failure: ActionFailure,
  ) {
    super(`student data: ${stage}`);
    this.name = 'StudentLoadError';
  }
}

/**
 * docs/product.md#sign-in-messages: the login errors, and those of SPID, CIE and the mobile pages, by the way in that failed.
 * The session's actors reject with the domain's failure (runtime.ts).
 */
export function loginErrorOf(f: ActionFailure, way: Credentials['kind'] = 'password'): SessionError {
  const { status, detail, error: code } = f;
  if (status === 408) return { kind: 'timeout', detail };
  // Whatever the way in: the law keeps first-cycle pupils out.
  if (code === 'accesso_primo_ciclo') return { kind: 'firstCycle' };
  switch (way) {
    case 'password':
      if (code === 'solo_spid_cie') return { kind: 'passwordOff' };
      return status === 401 ? { kind: 'invalidCredentials' } : { kind: 'loginFailed' };
    case 'spid':
    case 'cie':
      if (status === 404) return { kind: 'taxCodeNoUser', detail };
      if (status === 409) return { kind: 'taxCodeSeveralUsers', detail };
      if (code === 'codice_scaduto') return { kind: 'codeExpired' };
      return { kind: 'providerFailed', method: way };
    case 'mobile':
      if (status === 400 || code === 'parametri_mancanti') return { kind: 'mobileMissingCode' };
      if (code === 'token_scaduto') return { kind: 'mobileExpiredCode' };
      // The code was asked for by another app: a forwarded link.
      if (code === 'accesso_non_autorizzato') return { kind: 'mobileUnauthorized' };
      if (status === 401) return { kind: 'mobileInvalidCode' };
      return { kind: 'mobileFailed' };
  }
}

export function studentLoadErrorOf(e: unknown): SessionError {
  if (!(e instanceof StudentLoadError)) return { kind: 'schoolConfiguration' };
  const { status } = e.failure;
  switch (e.stage) {
    case 'info':
      return status === 401 || status === 500 ? { kind: 'studentData' } : { kind: 'schoolConfiguration' };
    case 'subjects':
      if (status === 401) return { kind: 'subjectsUnauthorized' };
      if (status === 500) return { kind: 'subjectsSettings' };
      return { kind: 'subjectsFailed' };
    case 'updates':
      return { kind: 'updates' };
  }
}

/** The student a fresh sign-in opens: the first one, in its current school year. */
export function defaultScope(students: Student[]): StudentScope | null {
  const first = students[0];
  if (!first) return null;
  return { id_scuola: first.id_scuola, id_studente: first.id, anno: first.anno_corrente };
}

export interface SessionContext {
  token: string | null;
  user: User | null;
  mastercomId: string | null;
  urlScuola: string | null;
  students: Student[];
  scope: StudentScope | null;
  studentInfo: StudentInfo | null;
  error: SessionError | null;
  saved: SavedSession | null;
  /** The student or year being opened by a switch; `scope` stays the shown one until it has loaded. */
  pendingScope: StudentScope | null;
  /** Why the last switch failed (the previous student stays open); cleared by the next switch. */
  switchError: SessionError | null;
  /** The way in being tried, so a failure gets the messages of that way (docs/product.md#sign-in-messages). */
  way: Credentials['kind'];
}

export type SessionEvent =
  | { type: 'session.signIn'; credentials: Credentials }
  /** Leave for the identity provider (SPID or CIE); the tab comes back with a code or an outcome. */
  | { type: 'session.providerStart'; start: ProviderStart }
  /** Back from the identity provider without a code: cancelled there, or failed. */
  | { type: 'session.providerReturned'; method: IdentityMethod; outcome: ProviderOutcome }
  | { type: 'session.signOut' }
  | { type: 'session.tokenRefreshed'; token: string }
  | { type: 'session.expired' }
  /** Open another student of the account, or a past school year of the current one (docs/product.md#student-menu). */
  | { type: 'session.scopeChanged'; scope: StudentScope };

export interface SessionInput {
  saved: SavedSession | null;
}

const signedOutContext = {
  token: null,
  user: null,
  mastercomId: null,
  urlScuola: null,
  students: [],
  scope: null,
  studentInfo: null,
  saved: null,
  pendingScope: null,
  switchError: null,
  way: 'password',
} satisfies Omit<SessionContext, 'error'>;

function fromLogin(res: SignIn, keepScope: StudentScope | null) {
  const scope = keepScope && isScopeOfAccount(res.students, keepScope) ? keepScope : defaultScope(res.students);
  return {
    token: res.token,
    user: res.user,
    mastercomId: res.mastercomId,
    urlScuola: res.urlScuola,
    students: res.students,
    scope,
  };
}

/**
 * "Errore configurazione dati studente" (docs/product.md#sign-in-messages): an answer without the user, or without a student
 * that can be opened, cannot make a session. Saying so on the login screen is the only way out:
 * a session without a user would be signed in for the login screen and signed out for the guard.
 */
export const isUnusableSignIn = (res: SignIn) => res.user === null || res.students.length === 0;

/** Signed in with everything a screen needs: what both the guard and the login screen check. */
export function isCompleteSession(s: { matches: (v: { authenticated: 'signedIn' }) => boolean; context: SessionContext }): boolean {
  const { user, scope, studentInfo, students } = s.context;
  return (
    s.matches({ authenticated: 'signedIn' }) &&
    !!user &&
    !!scope &&
    !!studentInfo &&
    students.some((st) => st.id === scope.id_studente && st.id_scuola === scope.id_scuola)
  );
}

/** Whether the account has this student in this year (current or past): nothing else may be opened. */
export function isScopeOfAccount(students: readonly Student[], scope: StudentScope): boolean {
  return students.some(
    (s) => s.id === scope.id_studente && s.id_scuola === scope.id_scuola && s.anni.some((a) => a.id === scope.anno),
  );
}

export const sameScope = (a: StudentScope | null, b: StudentScope | null) =>
  !!a && !!b && a.id_scuola === b.id_scuola && a.id_studente === b.id_studente && a.anno === b.anno;

export function toSaved(ctx: SessionContext): SavedSession | null {
  if (!ctx.token || !ctx.user || ctx.mastercomId === null || !ctx.scope) return null;
  return {
    token: ctx.token,
    user: ctx.user,
    mastercomId: ctx.mastercomId,
    urlScuola: ctx.urlScuola ?? '',
    students: ctx.students,
    scope: ctx.scope,
  };
}

/**
 * The session (docs/product.md#sign-in-and-session, docs/product.md#navigation): signed out → signing in → loading the
 * school configuration and student data → signed in; restored from session storage on reload
 * (validating the saved token first); renewed by token refresh; cleared on sign-out.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    login: fromPromise<SignIn, Credentials>(async () => {
      throw new Error('login actor not provided');
    }),
    validate: fromPromise<SignIn, { idUtente: number; token: string }>(async () => {
      throw new Error('validate actor not provided');
    }),
    loadStudent: fromPromise<StudentInfo, { scope: StudentScope }>(async () => {
      throw new Error('loadStudent actor not provided');
    }),
    /** Binds the sign-in to the tab and sends the browser to the provider: it settles only on failure. */
    startProvider: fromPromise<never, ProviderStart>(async () => {
      throw new Error('startProvider actor not provided');
    }),
  },
  actions: {
    /** Side effects the app provides: write or clear session storage, drop cached private data. */
    persist: (_, _params: { saved: SavedSession | null }) => {},
    forget: () => {},
    /** Sign-out on the server: the session ends there too (its tokens stop working). */
    endOnServer: (_, _params: { token: string | null }) => {},
  },
  guards: {
    hasSavedSession: ({ context }) => context.saved !== null,
    isUnusable: (_, params: { output: SignIn }) => isUnusableSignIn(params.output),
    /** Another student or year of this account; the one already open or a foreign one changes nothing. */
    isOtherScopeOfAccount: ({ context }, params: { scope: StudentScope }) =>
      !sameScope(context.scope, params.scope) && isScopeOfAccount(context.students, params.scope),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...signedOutContext, error: null, saved: input.saved }),
  initial: 'booting',
  states: {
    booting: {
      always: [{ guard: 'hasSavedSession', target: 'validating' }, { target: 'signedOut' }],
    },
    validating: {
      invoke: {
        id: 'validate',
        src: 'validate',
        input: ({ context }) => ({ idUtente: context.saved!.user.id_utente, token: context.saved!.token }),
        onDone: [
          { guard: { type: 'isUnusable', params: ({ event }) => ({ output: event.output }) }, target: 'signedOut', actions: assign({ error: { kind: 'studentData' } }) },
          {
            target: 'authenticated',
            actions: assign(({ context, event }) => ({ ...fromLogin(event.output, context.saved?.scope ?? null), saved: null })),
          },
        ],
        onError: {
          target: 'signedOut',
          actions: assign({ error: ({ event }) => ((event.error as ActionFailure).status === 401 ? { kind: 'sessionExpired' } : loginErrorOf(event.error as ActionFailure)) }),
        },
      },
    },
    signedOut: {
      entry: [assign(signedOutContext), 'forget'],
      on: {
        'session.signIn': { target: 'signingIn', actions: assign({ error: null, way: ({ event }) => event.credentials.kind }) },
        'session.providerStart': { target: 'leavingForProvider', actions: assign({ error: null, way: ({ event }) => event.start.method }) },
        'session.providerReturned': {
          actions: assign({
            error: ({ event }) =>
              event.outcome === 'annullato'
                ? { kind: 'providerCancelled' as const, method: event.method }
                : { kind: 'providerFailed' as const, method: event.method },
          }),
        },
      },
    },
    /**
     * On the way to the identity provider: the tab keeps its verifier and the browser leaves. Only
     * a failure before leaving (no Web Crypto, say) comes back here, and says so.
     */
    leavingForProvider: {
      invoke: {
        id: 'startProvider',
        src: 'startProvider',
        input: ({ event }) => {
          if (event.type !== 'session.providerStart') throw new Error(`leavingForProvider entered by ${event.type}`);
          return event.start;
        },
        onError: {
          target: 'signedOut',
          actions: assign({ error: ({ context }) => ({ kind: 'providerFailed' as const, method: context.way === 'cie' ? ('cie' as const) : ('spid' as const) }) }),
        },
      },
    },
    signingIn: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          if (event.type !== 'session.signIn') throw new Error(`signingIn entered by ${event.type}`);
          return event.credentials;
        },
        onDone: [
          // An account with no student has nothing to show: say so instead of an empty portal.
          { guard: { type: 'isUnusable', params: ({ event }) => ({ output: event.output }) }, target: 'signedOut', actions: assign({ error: { kind: 'studentData' } }) },
          { target: 'authenticated', actions: assign(({ event }) => fromLogin(event.output, null)) },
        ],
        onError: { target: 'signedOut', actions: assign({ error: ({ event, context }) => loginErrorOf(event.error as ActionFailure, context.way) }) },
      },
    },
    authenticated: {
      initial: 'loadingStudent',
      on: {
        'session.tokenRefreshed': {
          actions: [
            assign({ token: ({ event }) => event.token }),
            { type: 'persist', params: ({ context }) => ({ saved: toSaved(context) }) },
          ],
        },
        'session.signOut': {
          target: 'signedOut',
          actions: [{ type: 'endOnServer', params: ({ context }) => ({ token: context.token }) }, assign({ error: null })],
        },
        'session.expired': { target: 'signedOut', actions: assign({ error: { kind: 'sessionExpired' } }) },
      },
      states: {
        loadingStudent: {
          invoke: {
            id: 'loadStudent',
            src: 'loadStudent',
            input: ({ context }) => ({ scope: context.scope! }),
            onDone: {
              target: 'signedIn',
              actions: [
                assign({ studentInfo: ({ event }) => event.output, error: null }),
                { type: 'persist', params: ({ context }) => ({ saved: toSaved(context) }) },
              ],
            },
            onError: { target: '#session.signedOut', actions: assign({ error: ({ event }) => studentLoadErrorOf(event.error) }) },
          },
        },
        signedIn: {
          on: {
            'session.scopeChanged': {
              guard: { type: 'isOtherScopeOfAccount', params: ({ event }) => ({ scope: event.scope }) },
              target: 'switchingStudent',
              actions: assign({ pendingScope: ({ event }) => event.scope, switchError: null }),
            },
          },
        },
        /**
         * Loading the school configuration and data of the chosen student or year. Unlike the first
         * load, a failure keeps the session on the previous student (with the reason) instead of
         * signing out: the user was already in and only the switch went wrong.
         */
        switchingStudent: {
          invoke: {
            id: 'loadStudent',
            src: 'loadStudent',
            input: ({ context }) => ({ scope: context.pendingScope! }),
            onDone: {
              target: 'signedIn',
              actions: [
                assign({
                  scope: ({ context }) => context.pendingScope,
                  pendingScope: null,
                  studentInfo: ({ event }) => event.output,
                }),
                { type: 'persist', params: ({ context }) => ({ saved: toSaved(context) }) },
              ],
            },
            onError: {
              target: 'signedIn',
              actions: assign({ pendingScope: null, switchError: ({ event }) => studentLoadErrorOf(event.error) }),
            },
          },
        },
      },
    },
  },
});

export type SessionSnapshot = ReturnType<typeof sessionMachine.transition>;

/** The running session, whatever side effects it was provided with. */
export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/** True once the machine has settled on signed in or signed out (what a navigation guard waits for). */
export const isSettled = (s: { matches: (v: 'signedOut' | { authenticated: 'signedIn' }) => boolean }) =>
  s.matches('signedOut') || s.matches({ authenticated: 'signedIn' });
