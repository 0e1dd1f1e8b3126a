import type { AnyRouter } from '@tanstack/react-router';
import type { RouterContext } from '../../routerContext';

/**
 * Loads and runs now the code a signed-in page at `path` (its address, a query allowed) runs first:
 * the query cache, which brings the signed-in area (`queries.load()`), and the page's route chunks.
 * A cold load of the page does it while the session is restored (main.tsx); the sign-in page once a
 * parent starts signing in and the browser is idle, so that none of it runs between "Accedi" and
 * the page (docs/ARCHITECTURE.md "Speed"). Each part loads once; one that fails is asked for again
 * by whoever needs it next.
 */
export function loadPageCode(router: AnyRouter, path: string): void {
  void (router.options.context as RouterContext).queries.load().catch(() => undefined);
  for (const match of router.matchRoutes(new URL(path, window.location.origin).pathname)) {
    void router.loadRouteChunk(router.routesById[match.routeId])?.catch(() => undefined);
  }
}
