import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { loadScreenMessages } from '../i18n/locale';
import type { RouterContext } from '../router';
import { ApiErrorDialog } from './-components/ApiErrorDialog';
import { GlobalLoader } from './-components/GlobalLoader';
import { NotFoundPage } from './-components/NotFoundPage';
import { RouteError } from './-components/RouteError';
import { UpdateBanner } from './-components/UpdateBanner';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page but the login page needs the screens' messages (lingui.config.ts).
  beforeLoad: ({ location }) => (location.pathname === '/login' ? undefined : loadScreenMessages()),
  component: Root,
  errorComponent: RouteError,
  notFoundComponent: NotFoundPage,
});

/** Every page, signed in or not: the global loader, the update banner, the page, the API error dialog. */
function Root() {
  return (
    <>
      <GlobalLoader />
      <UpdateBanner />
      <Outlet />
      <ApiErrorDialog />
    </>
  );
}
