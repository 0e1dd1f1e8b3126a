/**
 * QA's transition suite for notices on this browser (/preferenze, "Notifiche"): the push
 * subscription machine's paths replayed in Chromium. The browser's side is set up per path before
 * the page loads: what it says at first (no Push API; notifications blocked; never asked; already
 * subscribed; no service worker to ask), a permission prompt the path answers (granted or denied),
 * and a subscription as a push service would give it (none is reachable from here). The server's
 * calls are real, held until the path's done/error step; an error step makes the server answer 500
 * through its fault injection. Each path signs in with a disposable account (preferences and
 * subscriptions belong to the user).
 */
import type { Page } from '@playwright/test';
import { expect, signIn, disposableAccount } from '../e2e/fixtures';
import type { ModelPath } from '../../src/machines/testing/model';
import { pushSubscriptionMachine, type PushSubscriptionEvent } from '../../src/machines/pushSubscription.machine';
import { pushSubscriptionModel } from '../../src/machines/testing/pushSubscription.model';
import { defineMachineSuite, fault, HeldRequests, shadowOf, type StepEvent } from './replay';

type Snapshot = ModelPath<typeof pushSubscriptionMachine>['steps'][number]['state'];
type Start = 'unsupported' | 'denied' | 'notAsked' | 'subscribed' | 'noWorker';
const SUBSCRIPTIONS = /\/api\/v4\/utenti\/notifiche\/sottoscrizioni$/;

function startOf(path: ModelPath<typeof pushSubscriptionMachine>): Start {
  const first = path.steps[1]?.event as { type: string; output?: unknown } | undefined;
  if (!first || first.type === 'xstate.error.actor.probe') return 'noWorker';
  const { probes } = pushSubscriptionModel;
  return (Object.keys(probes) as Array<keyof typeof probes>).find((k) => probes[k] === first.output) ?? 'notAsked';
}

/** The browser as the path's first step says it is, with a prompt the test answers (`__answerPermission`). */
async function browserAs(page: Page, start: Start) {
  await page.context().addInitScript((s: Start) => {
    const w = window as unknown as Record<string, unknown>;
    if (s === 'unsupported') {
      delete w.PushManager;
      return;
    }
    if (s === 'noWorker') {
      navigator.serviceWorker.getRegistration = () => Promise.reject(new TypeError('no service worker'));
      return;
    }
    const KEY = 'e2e.push-subscription';
    let permission: NotificationPermission = s === 'denied' ? 'denied' : s === 'subscribed' ? 'granted' : 'default';
    Object.defineProperty(Notification, 'permission', { configurable: true, get: () => permission });
    Notification.requestPermission = (() =>
      new Promise<NotificationPermission>((resolve) => {
        w.__answerPermission = (answer: NotificationPermission) => {
          permission = answer;
          resolve(answer);
        };
      })) as typeof Notification.requestPermission;
    if (s === 'subscribed' && !sessionStorage.getItem('e2e.push-started')) localStorage.setItem(KEY, '1');
    sessionStorage.setItem('e2e.push-started', '1');
    const fake = {
      endpoint: 'https://push.example.net/send/e2e-model',
      expirationTime: null,
      toJSON: () => ({ endpoint: fake.endpoint, expirationTime: null, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } }),
      unsubscribe: async () => (localStorage.removeItem(KEY), true),
    } as unknown as PushSubscription;
    PushManager.prototype.subscribe = async () => (localStorage.setItem(KEY, '1'), fake);
    PushManager.prototype.getSubscription = async () => (localStorage.getItem(KEY) ? fake : null);
  }, start);
}

async function expectScreen(page: Page, snap: Snapshot) {
  const region = page.getByRole('region', { name: 'Notifiche' });
  const enable = region.getByRole('button', { name: 'Attiva le notifiche su questo browser' });
  const disable = region.getByRole('button', { name: 'Disattiva le notifiche su questo browser' });
  switch (snap.value) {
    case 'checking':
      return;
    case 'unsupported':
      await expect(region.getByText('Questo browser non può ricevere notifiche.')).toBeVisible();
      await expect(region.getByRole('button')).toHaveCount(0);
      return;
    case 'denied':
      await expect(region.getByText(/^Le notifiche sono bloccate per questo sito/)).toBeVisible();
      await expect(region.getByRole('button')).toHaveCount(0);
      return;
    case 'notAsked':
      await expect(enable).toBeEnabled();
      return;
    case 'asking':
      await expect(region.getByRole('button', { name: 'Attivazione in corso…' })).toBeDisabled();
      return;
    case 'subscribed':
      await expect(region.getByText('Le notifiche sono attive su questo browser.')).toBeVisible();
      await expect(disable).toBeEnabled();
      return;
    case 'unsubscribing':
      await expect(region.getByRole('button', { name: 'Disattivazione in corso…' })).toBeDisabled();
      return;
    case 'error':
      await expect(region.getByRole('alert')).toHaveText('Non è stato possibile cambiare le notifiche su questo browser.');
      await expect(region.getByRole('button', { name: 'Riprova' })).toBeEnabled();
      await expect(disable).toBeEnabled();
      return;
  }
}

export function definePushSubscriptionTransitionSuite() {
  defineMachineSuite<typeof pushSubscriptionMachine>('pushSubscription', async (page, request, path) => {
    const account = await disposableAccount(request);
    await page.context().grantPermissions(['notifications']);
    const start = startOf(path);
    await browserAs(page, start);
    await signIn(page, account.username, account.password);
    if (start === 'subscribed') {
      // A browser subscribed on an earlier visit has the portal's worker registered.
      await page.evaluate(async () => {
        await navigator.serviceWorker.register('/sw.js');
        await navigator.serviceWorker.ready;
      });
    }
    const adds = await HeldRequests.on(page, 'POST', SUBSCRIPTIONS);
    const removals = await HeldRequests.on(page, 'DELETE', SUBSCRIPTIONS);
    await page.getByRole('button', { name: /Menu utente/ }).click();
    await page.getByRole('menuitem', { name: 'Preferenze e notifiche' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Preferenze' })).toBeVisible();
    const region = page.getByRole('region', { name: 'Notifiche' });
    const shadow = shadowOf(pushSubscriptionMachine, ['probe', 'subscribe', 'unsubscribe']);
    // The prompt is answered once the page has asked for it (the click's handler may first wait for
    // the worker's registration): before that there is nothing to answer.
    const answer = async (a: NotificationPermission) => {
      await page.waitForFunction(() => typeof (window as unknown as { __answerPermission?: unknown }).__answerPermission === 'function');
      // Answered once: a later prompt (a retry) sets its own.
      await page.evaluate((x) => {
        const w = window as unknown as { __answerPermission?: (a: string) => void };
        const reply = w.__answerPermission!;
        delete w.__answerPermission;
        reply(x);
      }, a);
    };
    for (const step of path.steps.slice(1)) {
      const ev = step.event as StepEvent<PushSubscriptionEvent>;
      switch (ev.type) {
        case 'xstate.done.actor.probe':
        case 'xstate.error.actor.probe':
          // The browser's own answer, set up before the page loaded.
          break;
        case 'push.enable':
          await region.getByRole('button', { name: 'Attiva le notifiche su questo browser' }).click();
          break;
        case 'push.retry':
          await region.getByRole('button', { name: 'Riprova' }).click();
          break;
        case 'push.disable':
          await region.getByRole('button', { name: 'Disattiva le notifiche su questo browser' }).click();
          if (step.state.matches('unsubscribing')) await removals.waitForOne();
          break;
        case 'xstate.done.actor.subscribe':
          await answer('granted');
          await adds.waitForOne();
          await adds.release();
          adds.hold();
          break;
        case 'xstate.error.actor.subscribe':
          if (ev.error === pushSubscriptionModel.refused) {
            await answer('denied');
          } else {
            await answer('granted');
            await adds.waitForOne();
            await fault(request, { metodo: 'POST', percorso: SUBSCRIPTIONS.source, stato: 500 });
            await adds.release();
            adds.hold();
          }
          break;
        case 'xstate.done.actor.unsubscribe':
          await removals.release();
          removals.hold();
          break;
        case 'xstate.error.actor.unsubscribe':
          await fault(request, { metodo: 'DELETE', percorso: SUBSCRIPTIONS.source, stato: 500 });
          await removals.release();
          removals.hold();
          break;
      }
      await expectScreen(page, await shadow.step(ev, step.state));
    }
  });
}
