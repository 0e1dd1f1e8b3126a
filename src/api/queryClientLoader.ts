import type { QueryClient } from '@tanstack/react-query';
import type { ErrorEvents } from './errorEvents';

/**
 * The query cache, loaded when a screen first needs it (the signed-in area, a mobile page, a student
 * being loaded) and never by the sign-in page, whose budget (README "Budgets") is for what it shows. One
 * client for the tab's life: every later `load()` answers the same one.
 */
export interface QueryClientLoader {
  load(): Promise<QueryClient>;
  /** The client if it has been loaded (what sign-out must clear); null before. */
  current(): QueryClient | null;
}

export function createQueryClientLoader(errors?: ErrorEvents): QueryClientLoader {
  let client: QueryClient | null = null;
  let loading: Promise<QueryClient> | undefined;
  return {
    load() {
      loading ??= import('./signedIn').then(
        ({ createQueryClient }) => (client = createQueryClient(errors)),
        (error: unknown) => {
          // A chunk that failed to load (offline, a deploy) is asked for again next time.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    current: () => client,
  };
}
