import type { QueryClient } from '@tanstack/react-query';
import type { SessionActor } from './machines/session.machine';

/** What every route's guard and loader receives: the query cache and the running session. */
export interface RouterContext {
  queryClient: QueryClient;
  session: SessionActor;
}
