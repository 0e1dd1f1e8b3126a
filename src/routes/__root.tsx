import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { loadPageMessages } from '../i18n/locale';
import type { RouterContext } from '../routerContext';
import { ApiErrorDialog } from './-app/ApiErrorDialog';
import { NotFoundPage } from './-app/NotFoundPage';
import { RouteError } from './-app/RouteError';
import { UpdateBanner } from './-app/UpdateBanner';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page but the login page needs the area's messages, and a page of a feature group its group's (lingui.config.ts).
  beforeLoad: (options) => (options.location.pathname === '/login' ? undefined : loadPageMessages(leafRoute(options as unknown as Leaf))),
  component: Root,
  errorComponent: RouteError,
  notFoundComponent: NotFoundPage,
});

/**
 * The id of the route a page shows (`/_private/(grades)/voti`), the last of the matches. Read as a
 * plain string: typed, the matches are the route tree's, which includes this route (a circular type).
 */
interface Leaf {
  matches: readonly { routeId: string }[];
}
const leafRoute = ({ matches }: Leaf) => matches.at(-1)?.routeId ?? '';

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
