import type { QueryClient } from '@tanstack/react-query';
import { createActor, fromPromise } from 'xstate';
import { connectAuth } from './api/api';
import { isApiError } from './api/client';
import { login, loginWithSpid, openMobileSession, refreshToken, signOutOnServer, validateToken } from './api/queries/session';
import { studentInfoQuery, subjectsQuery, updatesQuery } from './api/queries/student';
import { sessionMachine, StudentLoadError, type SavedSession, type SessionActor, type Student } from './machines/session.machine';
import type { StudentScope } from './domain/student';
import { clearPrivate } from './domain/tabStorage';

/** Session storage key of the signed-in session (spec §2: restored on reload, per browser tab). */
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

async function loadStudent(queryClient: QueryClient, scope: StudentScope, student: Student | null) {
  const [info, subjects, updates] = await Promise.allSettled([
    queryClient.fetchQuery(studentInfoQuery(scope, student)),
    queryClient.fetchQuery(subjectsQuery(scope)),
    queryClient.fetchQuery(updatesQuery(scope)),
  ]);
  if (info.status === 'rejected') throw new StudentLoadError('info', info.reason);
  if (subjects.status === 'rejected') throw new StudentLoadError('subjects', subjects.reason);
  if (updates.status === 'rejected') throw new StudentLoadError('updates', updates.reason);
  return info.value;
}

/** The running session: the machine with its real side effects, joined to the API client. */
export function createSession(queryClient: QueryClient, storage: Storage = sessionStorage): SessionActor {
  let studentsOfSession = (): Student[] => [];
  const session = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise(({ input }) => {
          switch (input.kind) {
            case 'password':
              return login(input.username, input.password);
            case 'spid':
              return loginWithSpid(input.codice, input.verificatore);
            case 'mobile':
              return openMobileSession(input.codice, input.verificatore);
          }
        }),
        validate: fromPromise(({ input }) => validateToken(input.idUtente, input.token)),
        loadStudent: fromPromise(({ input }) => {
          // The login's record of the student fills what studente/info leaves out.
          const student = studentsOfSession().find((s) => s.id === input.scope.id_studente && s.id_scuola === input.scope.id_scuola);
          return loadStudent(queryClient, input.scope, student ?? null);
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
          queryClient.clear();
        },
      },
    }),
    { input: { saved: readSavedSession(storage) } },
  );

  studentsOfSession = () => session.getSnapshot().context.students;

  connectAuth({
    getToken: () => session.getSnapshot().context.token,
    async refresh(expired) {
      const { mastercomId } = session.getSnapshot().context;
      if (mastercomId === null) return null;
      try {
        const token = await refreshToken(mastercomId, expired);
        session.send({ type: 'session.tokenRefreshed', token });
        return token;
      } catch {
        session.send({ type: 'session.expired' });
        return null;
      }
    },
  });

  return session.start();
}


/**
 * The answer to a "token verification failed" event (a call failed with 400 or 401, spec §8): the
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
    try {
      const renewed = await validateToken(user.id_utente, token);
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
