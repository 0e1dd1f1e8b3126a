import type { Page, Response } from '@playwright/test';
import { test, expect, signIn, disposableAccount, expectNoAxeViolations } from './fixtures';
import { E2E_NOW } from '../../playwright.config';

/**
 * The update banner (docs/product.md#updates): a newer `/version.txt` shows it 10 s later; it reloads; the
 * mobile layout never shows it. The service worker is off under automation (src/pwa.ts), so the
 * version file alone drives the banner here.
 */

async function serveVersion(page: Page, body: string) {
  await page.route('**/version.txt*', (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain; charset=utf-8', body, headers: { 'cache-control': 'no-store' } }),
  );
}

/** Resolves in the page's next task, whatever its clock: a message posted to itself. */
const nextRealTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'È disponibile una nuova versione del portale.' });

test.describe('update banner', () => {
  test.beforeEach(async ({ page }) => {
    // The clock runs from the suite's instant, and stops when told to: the 10 s are counted by the test.
    await page.clock.install({ time: new Date(E2E_NOW) });
  });

  test('shows 10 s after a newer version is found, and reloads', async ({ page }) => {
    let polled: Response | null = null;
    page.on('response', (r) => void (r.url().includes('/version.txt?') && (polled = r)));
    // Coming back to the window asks the server again, once the update checker has started: it
    // starts after the first page is drawn, and a focus before that is nobody's event.
    const focusUntilPolled = () =>
      expect
        .poll(async () => {
          if (!polled) await page.evaluate(() => window.dispatchEvent(new Event('focus')));
          return polled !== null;
        })
        .toBe(true);
    await signIn(page);
    // Started while the clock still runs: its start waits on timers a paused clock would hold back.
    await focusUntilPolled();
    await serveVersion(page, 'VERSION=9.9.9');
    await page.clock.pauseAt(new Date(new Date(E2E_NOW).getTime() + 60_000));
    polled = null;
    await focusUntilPolled();
    // The page reads the answer and starts its 10 s before the test counts them (the fake clock
    // stays paused meanwhile): the answer's body has arrived, then the page has run the tasks that
    // follow (a message to itself is a real task; its timers are the fake clock's). A fixed wait
    // here was sometimes too short on a loaded machine.
    await (polled as Response | null)?.finished();
    for (let task = 0; task < 3; task++) await page.evaluate(nextRealTask);
    await page.clock.runFor(9_000);
    await expect(banner(page)).toHaveCount(0);
    await page.clock.runFor(1_000);
    await expect(banner(page)).toBeVisible();
    // axe waits on timers of its own.
    await page.clock.resume();
    await expectNoAxeViolations(page);

    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await Promise.all([page.waitForEvent('load'), banner(page).getByRole('button', { name: 'Ricarica pagina' }).click()]);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBeUndefined();
    // Still signed in: this update did not ask for a new sign-in.
    await expect(page).toHaveURL(/\/home$/);
  });

  test('an update that requires it signs out before reloading', async ({ page, request }) => {
    await serveVersion(page, 'VERSION=9.9.9\nLOGOUT=1\n');
    // Signing out ends every session of the user: an account of this test's own.
    const account = await disposableAccount(request);
    await signIn(page, account.username, account.password);
    await page.clock.runFor(10_000);
    await expect(banner(page)).toContainText("Dopo l'aggiornamento dovrai accedere di nuovo.");
    await Promise.all([page.waitForEvent('load'), banner(page).getByRole('button', { name: 'Ricarica pagina' }).click()]);
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => sessionStorage.getItem('portale-famiglie.session'))).toBeNull();
  });

  test('the same version shows no banner', async ({ page }) => {
    await signIn(page);
    await page.clock.runFor(20_000);
    await expect(banner(page)).toHaveCount(0);
  });

  test('never shows in the mobile layout', async ({ page }) => {
    await serveVersion(page, 'VERSION=9.9.9');
    const polled = page.waitForRequest((r) => r.url().includes('/version.txt?'));
    await page.goto('/mobile/estratto-conto');
    await polled;
    await page.clock.runFor(15_000);
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByText('È disponibile una nuova versione del portale.')).toHaveCount(0);
  });
});
