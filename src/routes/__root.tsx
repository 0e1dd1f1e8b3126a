import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { loadPageMessages } from '../i18n/locale';
import type { RouterContext } from '../routerContext';
import { ApiErrorDialog } from './-app/ApiErrorDialog';
import { NotFoundPage } from './-app/NotFoundPage';
import { RouteError } from './-app/RouteError';
import { UpdateBanner } from './-app/UpdateBanner';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page but the login page needs the area's messages, and all but Home the other screens' (lingui.config.ts).
  beforeLoad: ({ location }) => (location.pathname === '/login' ? undefined : loadPageMessages(location.pathname)),
  component: Root,
  errorComponent: RouteError,
  notFoundComponent: NotFoundPage,
});

/**
 * Every page, signed in or not: the update banner, the page, the API error dialog. The loading bar
 * belongs to the areas with a query cache (_private.tsx, the mobile and report card pages).
 */
function Root() {
  return (
    <>
      <UpdateBanner />
      <Outlet />
      <ApiErrorDialog />
    </>
  );
}
