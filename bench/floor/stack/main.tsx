/**
 * The stack floor: the Router floor plus what the portal's stack adds on that path. An XState
 * session actor restores the tab's session (the token check) and loads the student through the
 * query cache; each page's loader calls `ensureQueryData` and its component `useSuspenseQuery`;
 * every word goes through Lingui (docs/ARCHITECTURE.md, "Speed").
 */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createRootRoute, createRoute, createRouter, Outlet, redirect, RouterProvider, useNavigate, useRouteContext } from '@tanstack/react-router';
import { QueryClient, QueryClientProvider, queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { assign, createActor, fromPromise, setup, waitFor, type SnapshotFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { i18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { PAGE_PATHS, pageRows, readSession, saveSession, schoolSettings, signIn, studentInfo, validate, type FloorSession, type PagePath, type StudentInfo } from '../shared/api';
import { LoginForm, RowsPage } from '../shared/ui';
import { messages } from './messages';
import '../shared/floor.css';

i18n.load('it', messages);
i18n.activate('it');

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });

const scopeKey = (s: FloorSession) => [s.scope.idScuola, s.scope.idStudente, s.scope.anno] as const;
const studentQuery = (s: FloorSession) => queryOptions({ queryKey: ['student', ...scopeKey(s)], queryFn: () => studentInfo(s) });
/** The token is read when the call is made: the key names the student, never the token. */
const pageQuery = (path: PagePath, s: FloorSession) =>
  queryOptions({ queryKey: ['page', path, ...scopeKey(s)], queryFn: () => pageRows(path, session.getSnapshot().context.session ?? s) });

interface Credentials {
  school: string;
  username: string;
  password: string;
}

const sessionMachine = setup({
  types: {
    context: {} as { session: FloorSession | null; info: StudentInfo | null; refused: boolean },
    events: {} as { type: 'signIn'; credentials: Credentials },
  },
  actors: {
    validate: fromPromise<FloorSession, FloorSession>(({ input }) => validate(input).then(saveSession)),
    signIn: fromPromise<FloorSession, Credentials>(({ input }) => signIn(input.school, input.username, input.password).then(saveSession)),
    loadStudent: fromPromise<StudentInfo, FloorSession>(({ input }) => queryClient.fetchQuery(studentQuery(input))),
  },
}).createMachine({
  id: 'session',
  context: { session: readSession(), info: null, refused: false },
  initial: 'restoring',
  states: {
    restoring: { always: [{ guard: ({ context }) => context.session !== null, target: 'validating' }, { target: 'signedOut' }] },
    validating: {
      invoke: {
        src: 'validate',
        input: ({ context }) => context.session!,
        onDone: { target: 'loadingStudent', actions: assign({ session: ({ event }) => event.output }) },
        onError: { target: 'signedOut', actions: assign({ session: null }) },
      },
    },
    signingIn: {
      invoke: {
        src: 'signIn',
        input: ({ event }) => (event as { credentials: Credentials }).credentials,
        onDone: { target: 'loadingStudent', actions: assign({ session: ({ event }) => event.output, refused: false }) },
        onError: { target: 'signedOut', actions: assign({ refused: true }) },
      },
    },
    loadingStudent: {
      invoke: {
        src: 'loadStudent',
        input: ({ context }) => context.session!,
        onDone: { target: 'signedIn', actions: assign({ info: ({ event }) => event.output }) },
        onError: { target: 'signedOut', actions: assign({ session: null }) },
      },
    },
    signedIn: {},
    signedOut: { on: { signIn: 'signingIn' } },
  },
});

const session = createActor(sessionMachine);
session.start();
const settled = (s: SnapshotFrom<typeof sessionMachine>) => s.matches('signedIn') || s.matches('signedOut');

const rootRoute = createRootRoute({ component: Outlet });

function Login() {
  const { i18n: t } = useLingui();
  const navigate = useNavigate();
  const busy = useSelector(session, (s) => s.matches('signingIn') || s.matches('loadingStudent'));
  const refused = useSelector(session, (s) => s.context.refused);
  const [school] = useState(schoolSettings);
  const [schoolName, setSchoolName] = useState('');
  useEffect(() => void school.then((s) => setSchoolName(s.nome_scuola), () => undefined), [school]);
  const submit = (username: string, password: string) =>
    void school.then(async (s) => {
      session.send({ type: 'signIn', credentials: { school: s.id_scuola, username, password } });
      if ((await waitFor(session, settled)).matches('signedIn')) await navigate({ to: '/home' });
    });
  const words = { heading: t._('login.heading'), username: t._('login.username'), password: t._('login.password'), submit: t._('login.submit') };
  return <LoginForm words={words} school={schoolName} busy={busy} error={refused ? t._('login.refused') : null} onSubmit={submit} />;
}

const loginRoute = createRoute({ getParentRoute: () => rootRoute, path: '/login', component: Login });

const privateRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'private',
  beforeLoad: async () => {
    const { context } = await waitFor(session, settled);
    if (!context.session || !context.info) throw redirect({ to: '/login' });
    return { session: context.session, info: context.info };
  },
  component: Outlet,
});

function Page({ path }: { path: PagePath }) {
  const { i18n: t } = useLingui();
  const { session: current, info } = useRouteContext({ strict: false }) as { session: FloorSession; info: StudentInfo };
  const { data: rows } = useSuspenseQuery(pageQuery(path, current));
  return <RowsPage title={t._(`page.${path}`)} student={current.studentName} line={[info.indirizzo, info.scuola].filter(Boolean).join(' · ')} rows={rows} empty={t._('page.empty')} />;
}

const pageRoutes = PAGE_PATHS.map((path) =>
  createRoute({
    getParentRoute: () => privateRoute,
    path,
    loader: ({ context }) => queryClient.ensureQueryData(pageQuery(path, context.session)),
    component: () => <Page path={path} />,
  }),
);

const router = createRouter({ routeTree: rootRoute.addChildren([loginRoute, privateRoute.addChildren(pageRoutes)]) });

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
