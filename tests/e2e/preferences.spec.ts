/**
 * Preferences and notices (docs/product.md#preferences): saved per user and honoured after a
 * reload (hidden averages on /voti and its simulator); notices turned on only after a click; the
 * subscription removed at sign-out; and the service worker's push and click handlers in Chromium.
 * Every test signs in with a disposable copy of genitore.demo: preferences belong to the user, and
 * the tests beside these must keep seeing averages.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, signIn, disposableAccount, expectHomeOf, expectNoAxeViolations, FULL_BROWSER } from './fixtures';
import { DEFAULT_PREFERENCES, noticeOf } from '../../server/areas/preferenze/rules';

async function openPreferences(page: Page) {
  await page.getByRole('button', { name: /Menu utente/ }).click();
  await page.getByRole('menuitem', { name: 'Preferenze e notifiche' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Preferenze' })).toBeVisible();
}

/** Counts the permission prompts a page asks for (none may come without a click). */
async function countPermissionRequests(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __permissionAsked: number };
    w.__permissionAsked = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = ((...args: Parameters<typeof Notification.requestPermission>) => {
      w.__permissionAsked += 1;
      return ask(...args);
    }) as typeof Notification.requestPermission;
  });
}

test.describe('preferences and notices', () => {
  test('saved per user and honoured across a reload: kinds, children, digest, details, hidden averages on /voti and the simulator', async ({ page, request }) => {
    const account = await disposableAccount(request);
    await signIn(page, account.username, account.password, '/voti');
    await expect(page.getByText(/^Media generale (ponderata )?del periodo: \d/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Che voto mi serve?' })).toBeVisible();

    await openPreferences(page);
    await expectNoAxeViolations(page);
    await page.getByRole('checkbox', { name: 'Nuovi voti' }).uncheck();
    await page.getByRole('checkbox', { name: 'Giulia Rossi' }).uncheck();
    await page.getByRole('radio', { name: 'Un solo riepilogo al giorno' }).check();
    await page.getByLabel('Ora del riepilogo').fill('18:30');
    await page.getByRole('checkbox', { name: 'Mostra i dettagli' }).check();
    // The keyboard alone: Space ticks the box, Enter on the button saves.
    await page.getByRole('checkbox', { name: 'Nascondi le medie' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: 'Nascondi le medie' })).toBeChecked();
    await page.getByRole('button', { name: 'Salva preferenze' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Preferenze salvate.' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Preferenze' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Nuovi voti' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Note disciplinari' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Giulia Rossi' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Marco Rossi' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Un solo riepilogo al giorno' })).toBeChecked();
    await expect(page.getByLabel('Ora del riepilogo')).toHaveValue('18:30');
    await expect(page.getByRole('checkbox', { name: 'Mostra i dettagli' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Nascondi le medie' })).toBeChecked();

    // Kept on the server for the user: the same answer to another browser of the same user.
    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('portale-famiglie.session')!).token as string);
    const kept = await (await request.get('/api/v4/utenti/preferenze', { headers: { Authorization: `JWT ${token}` } })).json();
    expect(kept).toMatchObject({ nascondi_medie: true, notifiche: { modalita: 'riepilogo', riepilogo_ora: '18:30', studenti_esclusi: [{ id_scuola: 'DEMO02', id_studente: 502 }] } });

    await page.goto('/voti');
    await expect(page.getByRole('heading', { level: 1, name: 'Voti' })).toBeVisible();
    await expect(page.getByRole('table').first()).toBeVisible();
    await expect(page.getByText(/Media/)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Che voto mi serve?' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Intero anno' }).click();
    await expect(page.getByText(/Media/)).toHaveCount(0);
  });

  test('in English, dark, at 360 px: the screen fits, reads and passes axe', { tag: FULL_BROWSER }, async ({ page, request }) => {
    const account = await disposableAccount(request);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page, account.username, account.password, '/preferenze');
    await expect(page.getByRole('heading', { level: 1, name: 'Preferenze' })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: /Menu utente/ }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Preferences' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Hide averages' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn on notifications in this browser' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('notices on only after a click on the clear control, registered for the user, removed at sign-out on this browser', { tag: FULL_BROWSER }, async ({ page, request, context }) => {
    const account = await disposableAccount(request);
    await context.grantPermissions(['notifications']);
    await countPermissionRequests(context);
    // No push service is reachable from here: the browser's subscribe answers a subscription as a
    // push service would (endpoint and keys); everything after it is the portal's own code.
    await context.addInitScript(() => {
      // Kept across reloads as the browser keeps a real one.
      const KEY = 'e2e.push-subscription';
      const fake = {
        endpoint: 'https://push.example.net/send/e2e-browser',
        expirationTime: null,
        toJSON: () => ({ endpoint: fake.endpoint, expirationTime: null, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } }),
        unsubscribe: async () => (localStorage.removeItem(KEY), true),
      } as unknown as PushSubscription;
      PushManager.prototype.subscribe = async () => (localStorage.setItem(KEY, '1'), fake);
      PushManager.prototype.getSubscription = async () => (localStorage.getItem(KEY) ? fake : null);
    });
    await signIn(page, account.username, account.password);
    await openPreferences(page);
    const enable = page.getByRole('button', { name: 'Attiva le notifiche su questo browser' });
    await expect(enable).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __permissionAsked: number }).__permissionAsked)).toBe(0);

    const sent: Array<{ method: string; body: unknown }> = [];
    await context.route('**/api/v4/utenti/notifiche/sottoscrizioni', async (route) => {
      sent.push({ method: route.request().method(), body: route.request().postDataJSON() });
      await route.continue();
    });
    await enable.click();
    // The subscription waits for the service worker to be ready: in a browser just started beside
    // another suite's, its first registration took more than the default 5 s once.
    await expect.poll(() => sent, { timeout: 15_000 }).toEqual([
      { method: 'POST', body: { endpoint: 'https://push.example.net/send/e2e-browser', expirationTime: null, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } } },
    ]);
    await expect(page.getByText('Le notifiche sono attive su questo browser.')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __permissionAsked: number }).__permissionAsked)).toBe(1);

    // Still on after a reload (the browser keeps its subscription), asking nothing.
    await page.reload();
    await expect(page.getByText('Le notifiche sono attive su questo browser.')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __permissionAsked: number }).__permissionAsked)).toBe(0);

    await page.getByRole('button', { name: /Menu utente/ }).click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    await expect.poll(() => sent.at(-1)).toEqual({ method: 'DELETE', body: { endpoint: 'https://push.example.net/send/e2e-browser' } });
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null)).toBe(true);
  });

  test("the service worker's push handler shows one notification, and its click opens the item for that child", { tag: FULL_BROWSER }, async ({ page, request, context, baseURL }) => {
    const account = await disposableAccount(request);
    await context.grantPermissions(['notifications']);
    await signIn(page, account.username, account.password);
    // The portal registers its worker only outside automation (src/pwa.ts): here the test does it,
    // then reloads so that the worker controls the tab (a click navigates only a controlled tab).
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js');
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expectHomeOf(page, 'Marco Rossi');
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

    // The DevTools protocol delivers a push to the worker as the push service would (decrypted).
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    // The payload exactly as the reference server writes it for a message to Giulia, without details.
    const notice = noticeOf(DEFAULT_PREFERENCES, { id: 77, id_scuola: 'DEMO02', id_studente: 502, nome: 'Giulia', tipo: 'messaggi', dettaglio: 'Uscita al museo', percorso: '/comunicazioni' });
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId: await registrationId, data: JSON.stringify(notice) });

    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data as unknown })),
      );
    // Shown by the worker once it has woken (and the notification's icon arrived): in a browser just
    // started beside another suite's, more than the default 5 s once.
    await expect.poll(shown, { timeout: 15_000 }).toHaveLength(1);
    expect(await shown()).toEqual([{ title: 'Nuovo messaggio per Giulia', body: 'Apri il Portale Famiglie per vederlo.', data: { url: '/apri?scuola=DEMO02&studente=502&pagina=%2Fcomunicazioni' } }]);

    // No DevTools command clicks a notification: the worker's own notificationclick listener is
    // handed a NotificationEvent for the notification it showed (what a click dispatches).
    const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'))!;
    await worker.evaluate(async () => {
      // Worker globals (the page's DOM types do not declare them).
      const sw = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(e: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await sw.registration.getNotifications();
      sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: notification! }));
    });
    await expect(page).toHaveURL(/\/comunicazioni$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Comunicazioni' })).toBeVisible();
    await expect(page.getByText('Giulia Rossi').first()).toBeVisible();
    await expect.poll(shown).toHaveLength(0);
    // `/apri` gave its place in the history to the item: going back does not open the notice again.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/apri/);
  });
});
