import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { currentEndpoint, probePush, subscribeThisBrowser, unsubscribeThisBrowser } from '../api/browserPush';
import { addPushSubscriptionMutation, pushKeyQuery, removePushSubscriptionMutation } from '../api/queries/preferences';
import type { PushProbe } from '../domain/push';
import { runWrite } from './mutationActor';

/**
 * The push subscription machine's actors: what this browser knows (no prompt), turning notices on
 * after the person's click (the server's key, the browser's permission and subscription, then the
 * subscription registered for the user), and off (forgotten by the server, then by the browser).
 * A refused permission rejects with the domain's `PushPermissionDenied`, which the machine tells apart.
 */
export function pushActors(queryClient: QueryClient) {
  return {
    probe: fromPromise<PushProbe, void>(probePush),
    subscribe: fromPromise<void, void>(async () => {
      const key = await queryClient.fetchQuery(pushKeyQuery());
      if (!key) throw new Error('no push key');
      await runWrite(queryClient, addPushSubscriptionMutation(), await subscribeThisBrowser(key));
    }),
    unsubscribe: fromPromise<void, void>(async () => {
      const endpoint = await currentEndpoint();
      if (endpoint) await runWrite(queryClient, removePushSubscriptionMutation(), endpoint);
      await unsubscribeThisBrowser();
    }),
  };
}
