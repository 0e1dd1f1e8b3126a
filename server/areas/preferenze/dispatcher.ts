/**
 * Turns events into notices, once per tick of the scheduler (and at once when the tests call
 * `tick`): each pending event goes to every user of the child who has a browser subscribed and
 * wants that kind for that child, at once or held for a summary; held notices go out as one
 * summary when the user's digest hour comes or their quiet hours end. The clock is the app's
 * (`ctx.now`), so a pinned clock pins every decision.
 */
import type { PreferencesRepository } from './repository';
import type { PushSender } from './push';
import { deliveryOf, noticeOf, summaryDue, summaryOf, wantsNotice, type NoticePayload } from './rules';

export interface Dispatcher {
  /** Sends what is due at `now()`; ticks never overlap (a second call waits for the first). */
  tick(): Promise<void>;
}

export function dispatcher(repo: PreferencesRepository, sender: PushSender, now: () => Date): Dispatcher {
  const sendTo = async (userId: number, payload: NoticePayload) => {
    const body = JSON.stringify(payload);
    for (const subscription of repo.subscriptionsOf(userId)) {
      const status = await sender.send(subscription, body);
      // The push service says this browser's subscription is gone: never send to it again.
      if (status === 404 || status === 410) repo.drop(subscription.endpoint);
    }
  };

  const run = async () => {
    const at = now();
    for (const event of repo.takePending()) {
      for (const userId of repo.recipientsOf(event.id_studente)) {
        const prefs = repo.preferences(userId);
        if (!wantsNotice(prefs, event)) continue;
        if (deliveryOf(prefs, at) === 'held') repo.hold(userId, event.id);
        else await sendTo(userId, noticeOf(prefs, event));
      }
    }
    for (const userId of repo.usersWithHeld()) {
      const prefs = repo.preferences(userId);
      if (!summaryDue(prefs, at, repo.lastSummaryMs(userId))) continue;
      const held = repo.releaseHeld(userId);
      repo.markSummary(userId, at.getTime());
      if (held.length > 0) await sendTo(userId, summaryOf(prefs, held));
    }
  };

  let running: Promise<void> = Promise.resolve();
  return {
    tick() {
      running = running.then(run, run);
      return running;
    },
  };
}
