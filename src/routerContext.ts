import type { QueryClientLoader } from './api/queryClientLoader';
import type { SessionActor } from './machines/session.machine';

/**
 * What every route's guard and loader receives: the running session and the query cache's loader.
 * The areas with screens (signed-in, mobile, report card preview) load the cache in their guard and
 * hand their routes `queryClient` in the context; the sign-in page never loads it (README "Budgets").
 */
export interface RouterContext {
  queries: QueryClientLoader;
  session: SessionActor;
}
