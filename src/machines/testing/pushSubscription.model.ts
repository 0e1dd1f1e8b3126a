/** Test model inputs of the push subscription, shared by its unit model test and the browser transition suite. */
import { PushPermissionDenied, type PushProbe } from '../../domain/push';
import type { pushSubscriptionMachine } from '../pushSubscription.machine';
import type { ModelEvent } from './model';

/** What the browser may say before anything is asked, and the outcomes of asking. */
export const pushSubscriptionModel = {
  probes: {
    unsupported: { supported: false, permission: 'default', subscribed: false } satisfies PushProbe,
    denied: { supported: true, permission: 'denied', subscribed: false } satisfies PushProbe,
    notAsked: { supported: true, permission: 'default', subscribed: false } satisfies PushProbe,
    subscribed: { supported: true, permission: 'granted', subscribed: true } satisfies PushProbe,
  },
  refused: new PushPermissionDenied(),
  pushServiceDown: new Error('push service unreachable'),
  get events() {
    const { probes } = pushSubscriptionModel;
    return [
      { type: 'xstate.done.actor.probe', output: probes.unsupported },
      { type: 'xstate.done.actor.probe', output: probes.denied },
      { type: 'xstate.done.actor.probe', output: probes.notAsked },
      { type: 'xstate.done.actor.probe', output: probes.subscribed },
      { type: 'xstate.error.actor.probe', error: new TypeError('no service worker') },
      { type: 'push.enable' },
      { type: 'push.disable' },
      { type: 'push.retry' },
      { type: 'xstate.done.actor.subscribe' },
      { type: 'xstate.error.actor.subscribe', error: pushSubscriptionModel.refused },
      { type: 'xstate.error.actor.subscribe', error: pushSubscriptionModel.pushServiceDown },
      { type: 'xstate.done.actor.unsubscribe' },
      { type: 'xstate.error.actor.unsubscribe', error: pushSubscriptionModel.pushServiceDown },
    ] satisfies ModelEvent<typeof pushSubscriptionMachine>[];
  },
};
