/**
 * The React + TanStack Router floor: the portal's sign-in and cold signed-in load with nothing but
 * React and the router. The token check starts as the script runs; the student and the page's data
 * follow it, each waiting for the one before (docs/ARCHITECTURE.md, "Speed").
 */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createRootRoute, createRoute, createRouter, Outlet, redirect, RouterProvider, useLoaderData, useNavigate, useRouteContext } from '@tanstack/react-router';
import { PAGE_PATHS, pageRows, readSession, saveSession, schoolSettings, signIn, studentInfo, validate, type FloorSession, type PagePath, type Row, type StudentInfo } from '../shared/api';
import { LoginForm, RowsPage } from '../shared/ui';
import '../shared/floor.css';

const TITLES: Record<PagePath, string> = { '/home': 'Ultimi voti', '/voti': 'Voti', '/agenda': 'Agenda della settimana' };

/** The session of this tab: the saved one checked with the server (at once), or a new sign-in. */
let session: Promise<FloorSession | null> = (() => {
  const saved = readSession();
  return saved ? validate(saved).then(saveSession, () => null) : Promise.resolve(null);
})();
let student: Promise<StudentInfo> | null = null;

const rootRoute = createRootRoute({ component: Outlet });

function Login() {
  const navigate = useNavigate();
  const [school] = useState(schoolSettings);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [schoolName, setSchoolName] = useState('');
  useEffect(() => void school.then((s) => setSchoolName(s.nome_scuola), () => undefined), [school]);
  const submit = (username: string, password: string) => {
    setBusy(true);
    setError(null);
    const signedIn = school.then((s) => signIn(s.id_scuola, username, password)).then(saveSession);
    signedIn.then(
      () => {
        session = signedIn;
        student = null;
        void navigate({ to: '/home' });
      },
      () => {
        setBusy(false);
        setError('Credenziali non valide');
      },
    );
  };
  return <LoginForm words={{ heading: 'Accesso', username: 'Codice utente', password: 'Password', submit: 'Accedi' }} school={schoolName} busy={busy} error={error} onSubmit={submit} />;
}

const loginRoute = createRoute({ getParentRoute: () => rootRoute, path: '/login', component: Login });

const privateRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'private',
  beforeLoad: async () => {
    const current = await session;
    if (!current) throw redirect({ to: '/login' });
    student ??= studentInfo(current);
    return { session: current, info: await student };
  },
  component: Outlet,
});

function Page({ path }: { path: PagePath }) {
  const rows = useLoaderData({ strict: false }) as Row[];
  const { session: current, info } = useRouteContext({ strict: false }) as { session: FloorSession; info: StudentInfo };
  return <RowsPage title={TITLES[path]} student={current.studentName} line={[info.indirizzo, info.scuola].filter(Boolean).join(' · ')} rows={rows} empty="Nessun dato" />;
}

const pageRoutes = PAGE_PATHS.map((path) =>
  createRoute({
    getParentRoute: () => privateRoute,
    path,
    loader: ({ context }) => pageRows(path, context.session),
    component: () => <Page path={path} />,
  }),
);

const router = createRouter({ routeTree: rootRoute.addChildren([loginRoute, privateRoute.addChildren(pageRoutes)]) });

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
