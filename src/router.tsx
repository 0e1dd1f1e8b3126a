import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import type { RouterContext } from './routerContext';
import { PageSkeleton } from './routes/-app/PageSkeleton';

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Loaders fetch through the query cache, so the router keeps no second copy of the data.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 150,
    // Once shown, the skeleton gives way as soon as the page is ready: the router's default keeps it
    // 500 ms at least, which held Home back after "Accedi" with its data already there.
    defaultPendingMinMs: 0,
    defaultPendingComponent: PageSkeleton,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
