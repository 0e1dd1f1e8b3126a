import { createActor, fromPromise } from 'xstate';
import { connectAuth } from './api/api';
import { isApiError, type ApiError } from './api/client';
import { failureOf } from './api/failure';
import { login, loginWithIdentity, providerStartAddress, openMobileSession, refreshToken, signOutOnServer, validateToken } from './api/queries/session';
import type { QueryClientLoader } from './api/queryClientLoader';
import { sessionMachine, StudentLoadError, type SavedSession, type SessionActor, type Student } from './machines/session.machine';
import type { StudentScope } from './domain/student';
import { clearPrivate } from './domain/tabStorage';
import type { SignIn } from './domain/records';
import type { TokenSync } from './api/tabSync';

/** Session storage key of the signed-in session (docs/product.md#sign-in-and-session: restored on reload, per browser tab). */
export const SESSION_STORAGE_KEY = 'portale-famiglie.session';

export function readSavedSession(storage: Storage = sessionStorage): SavedSession | null {
  try {
    const raw = storage.getItem(SESSION_STORAGE_KEY);
    const saved = raw ? (JSON.parse(raw) as Partial<SavedSession>) : null;
    // A session saved by an older portal (or tampered with) is not restored: signing in again is the safe way back.
    if (!saved || typeof saved.token !== 'string' || typeof saved.user?.id_utente !== 'number' || typeof saved.mastercomId !== 'string' || !saved.scope) return null;
    return saved as SavedSession;
  } catch {
    return null;
  }
}

async function loadStudent(queries: QueryClientLoader, scope: StudentScope, student: Student | null) {
  // The student's calls and the cache they fill come with the first student, not with /login.
  const [queryClient, { studentInfoQuery, subjectsQuery, updatesQuery }] = await Promise.all([queries.load(), import('./api/signedIn')]);
  const [info, subjects, updates] = await Promise.allSettled([
    queryClient.fetchQuery(studentInfoQuery(scope, student)),
    queryClient.fetchQuery(subjectsQuery(scope)),
    queryClient.fetchQuery(updatesQuery(scope)),
  ]);
  if (info.status === 'rejected') throw new StudentLoadError('info', failureOf(info.reason));
  if (subjects.status === 'rejected') throw new StudentLoadError('subjects', failureOf(subjects.reason));
  if (updates.status === 'rejected') throw new StudentLoadError('updates', failureOf(updates.reason));
  return info.value;
}

/** Refused because another tab of the session spent the token a moment ago (server: token_in_rinnovo). */
const renewedElsewhere = (error: unknown): error is ApiError => isApiError(error) && error.code === 'token_in_rinnovo';
/** How long to wait for the twin tab's new token when the server does not say. */
const DEFAULT_GRACE_SECONDS = 5;
const waitFor = (error: ApiError) => ((error.retryAfterSeconds ?? DEFAULT_GRACE_SECONDS) + 1) * 1000;

/** The tabs of each running session, kept in step (api/tabSync.ts). */
const tabSyncs = new WeakMap<SessionActor, () => Promise<TokenSync>>();

/**
 * The sync's steps, none of which may fail a sign-in or a refresh: without its chunk (offline at the
 * wrong moment) the tab simply goes on alone, as before tabs were kept in step.
 */
const inStep = (sync: () => Promise<TokenSync>) => ({
  follow: (token: string) => void sync().then((s) => s.follow(token), () => undefined),
  announce: (spent: string, next: string) => sync().then((s) => s.announce(spent, next)).catch(() => undefined),
  handedOver: (spent: string, waitMs: number) => sync().then((s) => s.handedOver(spent, waitMs)).catch(() => null),
});

/**
 * Validates a saved token (a reload, a duplicated tab, the token event), which renews it: the twins
 * of the session learn the new token. When a twin renewed the same token a moment before, its new
 * token is validated instead.
 */
async function validateInStep(sync: () => Promise<TokenSync>, idUtente: number, token: string): Promise<SignIn> {
  const tabs = inStep(sync);
  tabs.follow(token);
  let presented = token;
  let signIn: SignIn;
  try {
    signIn = await validateToken(idUtente, presented);
  } catch (error) {
    if (!renewedElsewhere(error)) throw error;
    const handed = await tabs.handedOver(token, waitFor(error));
    if (!handed) throw error;
    presented = handed;
    signIn = await validateToken(idUtente, presented);
  }
  await tabs.announce(presented, signIn.token);
  return signIn;
}

/** The session's calls reject with the domain's failure: the machine holds nothing else. */
const asFailure = <T>(call: Promise<T>): Promise<T> =>
  call.catch((e: unknown) => {
    throw failureOf(e);
  });

/** The running session: the machine with its real side effects, joined to the API client. */
export function createSession(queries: QueryClientLoader, storage: Storage = sessionStorage): SessionActor {
  let studentsOfSession = (): Student[] => [];
  // Loaded with the first token (a sign-in or a reload's validation), not with /login.
  let loadingSync: Promise<TokenSync> | undefined;
  const sync = (): Promise<TokenSync> =>
    (loadingSync ??= import('./api/signedIn').then(({ createTokenSync }) =>
      createTokenSync({
        current: (): string | null => session.getSnapshot().context.token,
        adopt: (token: string) => session.send({ type: 'session.tokenRefreshed', token }),
      }),
    ));
  const session: SessionActor = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise(({ input }) => {
          switch (input.kind) {
            case 'password':
              return asFailure(login(input.school, input.username, input.password));
            case 'spid':
            case 'cie':
              return asFailure(loginWithIdentity(input.kind, input.codice, input.verificatore));
            case 'mobile':
              return asFailure(openMobileSession(input.codice, input.verificatore));
          }
        }),
        validate: fromPromise(({ input }) => asFailure(validateInStep(sync, input.idUtente, input.token))),
        // Loaded only by a SPID or CIE sign-in: /login's JavaScript budget is for what the page shows.
        startProvider: fromPromise(async ({ input }) => {
          const { startSpidBinding } = await import('./api/spidBinding');
          window.location.assign(providerStartAddress(input, await startSpidBinding()));
          // The page is leaving: nothing more happens in this tab.
          return new Promise<never>(() => {});
        }),
        loadStudent: fromPromise(({ input }) => {
          // The login's record of the student fills what studente/info leaves out.
          const student = studentsOfSession().find((s) => s.id === input.scope.id_studente && s.id_scuola === input.scope.id_scuola);
          return loadStudent(queries, input.scope, student ?? null);
        }),
      },
      actions: {
        persist: (_, { saved }) => {
          if (saved) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(saved));
        },
        endOnServer: (_, { token }) => {
          if (token) void signOutOnServer(token);
        },
        forget: () => {
          storage.removeItem(SESSION_STORAGE_KEY);
          clearPrivate(storage);
          // Nothing private may outlive the session (the back button after sign-out, another user).
          queries.current()?.clear();
        },
      },
    }),
    { input: { saved: readSavedSession(storage) } },
  );

  studentsOfSession = () => session.getSnapshot().context.students;
  tabSyncs.set(session, sync);

  /**
   * A new token for `expired`: this tab's own refresh, or the one a twin tab of the session made
   * with the same token a moment before (the server refuses the second without ending the session).
   * When no twin tells within the grace, the refresh is tried once more: past the grace a spent token
   * is a replay, and the server ends the session for whoever holds it.
   */
  const tabs = inStep(sync);
  async function renew(mastercomId: string, expired: string): Promise<string | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        const token = await refreshToken(mastercomId, expired);
        await tabs.announce(expired, token);
        return token;
      } catch (error) {
        if (!renewedElsewhere(error) || attempt > 1) return null;
        const current = session.getSnapshot().context.token;
        if (current && current !== expired) return current;
        const handed = await tabs.handedOver(expired, waitFor(error));
        if (handed) return handed;
      }
    }
  }

  connectAuth({
    getToken: () => session.getSnapshot().context.token,
    async refresh(expired) {
      const { mastercomId } = session.getSnapshot().context;
      if (mastercomId === null) return null;
      const token = await renew(mastercomId, expired);
      session.send(token ? { type: 'session.tokenRefreshed', token } : { type: 'session.expired' });
      return token;
    },
  });

  session.subscribe(({ context: { token } }) => {
    if (token) tabs.follow(token);
  });

  session.start();
  return session;
}


/**
 * The answer to a "token verification failed" event (a call failed with 400 or 401, docs/product.md#sign-in-and-session): the
 * session is validated once with the server, however many calls failed together; if the server
 * refuses it, the tab signs out cleanly (session expired). No answer at all (offline) proves
 * nothing and changes nothing.
 */
export function createSessionRevalidation(session: SessionActor): () => Promise<void> {
  let running: Promise<void> | null = null;
  const revalidate = async () => {
    const snapshot = session.getSnapshot();
    const { token, user } = snapshot.context;
    if (!token || !user || !snapshot.matches('authenticated')) return;
    const sync = tabSyncs.get(session);
    try {
      const renewed = sync ? await validateInStep(sync, user.id_utente, token) : await validateToken(user.id_utente, token);
      session.send({ type: 'session.tokenRefreshed', token: renewed.token });
    } catch (error) {
      if (isApiError(error) && (error.status === 400 || error.status === 401)) session.send({ type: 'session.expired' });
    }
  };
  return () =>
    (running ??= revalidate().finally(() => {
      running = null;
    }));
}
