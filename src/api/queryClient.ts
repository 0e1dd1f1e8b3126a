import { isCancelledError, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { readRetryDelay, shouldRetryRead } from './retryPolicy';
import type { ErrorEvents } from './errorEvents';

/** `meta: { errorDialog: false }`: the screen shows this failure itself, the API error dialog stays closed. */
export interface ErrorDialogMeta extends Record<string, unknown> {
  errorDialog?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorDialogMeta;
    mutationMeta: ErrorDialogMeta;
  }
}

/**
 * Every failed call is reported once, here, and never twice on screen:
 * - a query that fails with no data yet is the first load of a screen: the route's loader or
 *   suspense query throws it to the route's error state (RouteError, the same text and a retry),
 *   so the dialog stays closed;
 * - a query that fails while it already has data (a background refetch: focus, invalidation,
 *   a stale screen revisited) leaves the screen showing that data and nothing else would tell the
 *   user: the dialog. This is the same line React Query draws for suspense queries, which throw
 *   only when there is no data;
 * - a mutation is a user's action: the dialog, unless the screen handles the failure inline and
 *   says so with `meta: { errorDialog: false }` (a query can opt out the same way).
 */
export function createQueryClient(errors?: ErrorEvents) {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // A cancelled query (a newer fetch, a screen left) is not a failure.
        if (query.state.data !== undefined && query.meta?.errorDialog !== false && !isCancelledError(error)) errors?.report(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorDialog !== false) errors?.report(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Only no answer, a timeout, 408 and 500/502/503/504 are worth another try, with backoff and
        // jitter (a 503's Retry-After when it gives one); 4xx answers will not change, and 901 is the
        // school's own message, not a failure to retry (api/retryPolicy.ts). Loaders' ensureQueryData
        // and the session's fetchQuery take these too (TanStack only defaults them to no retry when unset).
        retry: shouldRetryRead,
        retryDelay: readRetryDelay,
        // Offline, a read waits (paused) instead of failing, and every screen's data is read again
        // when the network is back (TanStack's onlineManager follows the browser's online event).
        networkMode: 'online',
        refetchOnReconnect: 'always',
      },
      mutations: {
        // A write is never sent twice by a retry (README "Reliability"): not after a timeout, not
        // after a dropped connection, whose write may well have gone through.
        retry: 0,
        // Offline a mutation is not held (a button spinning until the network is back): it runs,
        // and the client refuses it at once with the offline message (api/client.ts).
        networkMode: 'always',
      },
    },
  });
}
