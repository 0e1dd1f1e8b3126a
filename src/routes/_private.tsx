import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { waitFor } from 'xstate';
import { isCompleteSession, isSettled } from '../machines/session.machine';
import { AppLayout } from './-app/AppLayout';
import { GlobalLoader } from './-app/GlobalLoader';
import { loadSectionRules } from './-shared/guards';

/**
 * The signed-in area (docs/product.md#navigation): waits for the session to settle (a reload first
 * restores it from session storage; a student switch first loads the new student), otherwise sends
 * the user to /login and back here afterwards. Every navigation (not a hover's preload) is saved.
 */
export const Route = createFileRoute('/_private')({
  beforeLoad: async ({ context, location, params, preload }) => {
    const [rules, snapshot, queryClient] = await Promise.all([loadSectionRules(), waitFor(context.session, isSettled), context.queries.load()]);
    // An unknown path is not found for everyone, signed in or not, before any sign-in is asked for.
    if ('section' in params && !rules.isKnownSection(`/${params.section}`)) throw notFound();
    if (rules.isHiddenRefactorPage(location.pathname)) throw notFound();
    // The login screen sends back here on exactly the same condition, so the two can never bounce.
    if (!isCompleteSession(snapshot)) throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
    const { scope, studentInfo, students, user } = snapshot.context;
    const student = students.find((s) => s.id === scope!.id_studente && s.id_scuola === scope!.id_scuola)!;
    if (!preload) rules.saveProtectedNavigation(location.pathname, { scope: scope!, studentInfo: studentInfo!, student });
    return { queryClient, scope: scope!, studentInfo: studentInfo!, student, user: user! };
  },
  component: PrivateArea,
});

/** The screens' query cache around the layout, and its loading bar (docs/product.md#api-error-dialog). */
function PrivateArea() {
  const { queryClient } = Route.useRouteContext();
  return (
    <QueryClientProvider client={queryClient}>
      <GlobalLoader />
      <AppLayout />
    </QueryClientProvider>
  );
}
