import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect, signIn, disposableAccount, expectNoAxeViolations } from './fixtures';
import { E2E_NOW } from '../../playwright.config';
import { readAttempts } from '../../src/api/retryPolicy';

/**
 * The API error dialog (docs/product.md#api-error-dialog), through what a person does: coming back to the portal's tab
 * after a while, which refetches the stale data on screen (React Query's focus manager). The
 * reference server is told to fail that background call (its test hooks, `POST /__test__/guasti`).
 * The screens' own actions (acknowledging a grade or a note) show their failures inline and opt
 * out of the dialog, so they are not the trigger here.
 */

const FAULTS = '/__test__/guasti';
const UPDATES = /\/aggiornamenti_nextapi(\?|$)/;

interface Fault {
  stato: number;
  detail?: string;
  error?: string;
  volte?: number;
}

/**
 * Faults are global to the server and every suite signs in, which reads the update counts; so
 * this page's next call(s) are sent to a path of their own, and only that path is faulted (no
 * clean-up needed either: nobody else calls it). The server still writes the answer, 901 on the
 * raw socket included.
 */
async function failNext(page: Page, call: RegExp, fault: Fault, times = fault.volte ?? 1) {
  const tag = `guasto-${randomUUID()}`;
  const res = await page.request.post(FAULTS, { data: { metodo: 'GET', percorso: `/${tag}$`, ...fault } });
  expect(res.status()).toBe(201);
  // A rewritten request loses the context's extra headers: give it the test's scope again (fixtures.ts).
  const scope = { 'x-test-ambito': test.info().testId };
  await page.route(
    call,
    async (route) =>
      route.continue({ url: route.request().url().replace(/(\?|$)/, `/${tag}$1`), headers: { ...(await route.request().allHeaders()), ...scope } }),
    { times },
  );
}

/** On /voti with its data loaded, the person leaves the tab, comes back a minute later, and the refetch fails. */
async function failBackgroundRefetch(page: Page, fault: Fault, times?: number) {
  await page.goto('/voti');
  return failRefetchHere(page, fault, times);
}

/** The same on the screen already open, /voti. */
async function failRefetchHere(page: Page, fault: Fault, times?: number) {
  await expect(page.getByRole('heading', { name: 'Voti', level: 1 })).toBeVisible();
  // The sidebar's Novità badge reads every child's update counts once the page is idle: let it
  // finish, so that the fault below meets the sidebar's own refetch.
  await expect(page.locator('#menu-principale').getByTestId('conteggio-novita')).toBeVisible({ timeout: 15_000 });
  await page.clock.fastForward('01:00');
  await failNext(page, UPDATES, fault, times);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  const dialog = page.getByRole('alertdialog');
  // After every retry of the read and its backoff (api/retryPolicy.ts), on a loaded machine.
  await expect(dialog).toBeVisible({ timeout: 25_000 });
  // Whatever the trap did not use is not for the next page (a reload reads the update counts too).
  await page.unroute(UPDATES);
  // The loader is hidden on any error (docs/product.md#api-error-dialog).
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  return dialog;
}

test.describe('API error dialog', () => {
  // Each waits for the badge's reads, then for every retry of the failing read and its backoff (up
  // to 15 s and 25 s in failBackgroundRefetch): on a busy 2-core machine more than the default 30 s.
  test.describe.configure({ timeout: 60_000 });

  test.beforeEach(async ({ page, request }) => {
    await page.clock.install({ time: new Date(E2E_NOW) });
    // Several dialogs sign out, which ends every session of the user: an account of this test's own.
    const account = await disposableAccount(request);
    await signIn(page, account.username, account.password);
  });

  test('901 shows the school message, then goes Home', async ({ page }) => {
    const dialog = await failBackgroundRefetch(page, { stato: 901, detail: 'La presa visione è sospesa fino a lunedì' });
    await expect(dialog).toContainText('La presa visione è sospesa fino a lunedì');
    await expectNoAxeViolations(page);
    const home = dialog.getByRole('button', { name: 'Torna alla Home' });
    await expect(home).toBeFocused();
    // Its follow-up matters: Escape does not skip it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await home.click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('401 says the session expired, asks to verify the token, then signs out', async ({ page }) => {
    await page.addInitScript(() => {
      window.addEventListener('portale:token-verification-failed', () => {
        (window as unknown as { tokenChecks: number }).tokenChecks =
          ((window as unknown as { tokenChecks?: number }).tokenChecks ?? 0) + 1;
      });
    });
    // Twice: the client renews the token once on a 401 and retries.
    const dialog = await failBackgroundRefetch(page, { stato: 401, volte: 2 });
    await expect(dialog).toContainText('La sessione è scaduta, accedi di nuovo');
    expect(await page.evaluate(() => (window as unknown as { tokenChecks?: number }).tokenChecks)).toBe(1);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Accedi di nuovo' }).click();
    await expect(page).toHaveURL(/\/login/);
    // Signed out for real: the private area asks for a sign-in again.
    await page.goto('/voti');
    await expect(page).toHaveURL(/\/login/);
  });

  test('403 shows its text, then signs out', async ({ page }) => {
    const dialog = await failBackgroundRefetch(page, { stato: 403 });
    await expect(dialog).toContainText('Codice utente o password non corretti');
    await dialog.getByRole('button', { name: 'Accedi di nuovo' }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('404 shows its text and closes with Escape, staying on the screen', async ({ page }) => {
    const dialog = await failBackgroundRefetch(page, { stato: 404 });
    await expect(dialog).toContainText('Contenuto non disponibile');
    await expect(dialog.getByRole('button', { name: 'Chiudi' })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/voti$/);
  });

  // Chromium itself resends a request answered 408 on a reused connection, once per pooled
  // connection (7 times here), and the query client tries a 408 again (api/retryPolicy.ts): the
  // fault answers every attempt of the rerouted calls, and what it does not use harms nobody.
  test('408 offers Annulla, which closes the dialog', async ({ page }) => {
    // Four attempts, each resent by Chromium itself: slow on a loaded machine.
    test.slow();
    const dialog = await failBackgroundRefetch(page, { stato: 408, volte: 10 * readAttempts(408) }, readAttempts(408));
    await expect(dialog).toContainText('Il server è troppo lento a rispondere');
    await expect(dialog.getByRole('button', { name: 'Ricarica pagina' })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/voti$/);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });

  test('408 offers Ricarica pagina, which reloads', async ({ page }) => {
    // Four attempts, each resent by Chromium itself: slow on a loaded machine.
    test.slow();
    const dialog = await failBackgroundRefetch(page, { stato: 408, volte: 10 * readAttempts(408) }, readAttempts(408));
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Ricarica pagina' }).click()]);
    await expect(page).toHaveURL(/\/voti$/);
    await expect(page.getByRole('heading', { name: 'Voti', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBeUndefined();
  });

  test("409 shows the server's error text", async ({ page }) => {
    const dialog = await failBackgroundRefetch(page, {
      stato: 409,
      detail: 'Conflict',
      error: 'Il voto è già stato visionato da un altro genitore',
    });
    await expect(dialog).toContainText('Il voto è già stato visionato da un altro genitore');
    await dialog.getByRole('button', { name: 'Chiudi' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/voti$/);
  });

  test("a dialog whose code cannot arrive leaves the screen as it is, and shows at the next failure", async ({ page }) => {
    // The dialog's view cannot be fetched when it is asked for, once the page is drawn (the line
    // dropped just then): the screen must stay, not give way to its error state.
    let blocked = true;
    await page.route(/\/assets\/ApiErrorDialogView-[\w-]+\.js$/, (route) => (blocked ? route.abort('internetdisconnected') : route.fallback()));
    const refused = page.waitForEvent('requestfailed', (r) => /ApiErrorDialogView-/.test(r.url()));
    await page.goto('/voti');
    await expect(page.getByRole('heading', { name: 'Voti', level: 1 })).toBeVisible();
    await refused;
    // A view drawn without its code would fail into the page's error state a moment later.
    await page.waitForTimeout(1_000);
    await expect(page.getByRole('heading', { name: 'Voti', level: 1 })).toBeVisible();
    await expect(page.getByText('Non è stato possibile caricare questa pagina')).toHaveCount(0);
    // The line is back: the next failure loads the dialog and shows it.
    blocked = false;
    const dialog = await failRefetchHere(page, { stato: 409, detail: 'Conflict', error: 'Il voto è già stato visionato da un altro genitore' });
    await expect(dialog).toContainText('Il voto è già stato visionato da un altro genitore');
    await dialog.getByRole('button', { name: 'Chiudi' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/voti$/);
  });

  // A 500 is tried again before it counts (api/retryPolicy.ts): every attempt fails.
  test('500 shows the unexpected-error text', async ({ page }) => {
    const dialog = await failBackgroundRefetch(page, { stato: 500, volte: readAttempts(500) });
    await expect(dialog).toContainText('attenzione, si è verificato un errore imprevisto');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Chiudi' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/voti$/);
  });

  test('an unusual status shows the generic text, then signs out', async ({ page }) => {
    const dialog = await failBackgroundRefetch(page, { stato: 418, detail: "I'm a teapot" });
    await expect(dialog).toContainText('attenzione, si è verificato un errore imprevisto');
    await dialog.getByRole('button', { name: 'Accedi di nuovo' }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('the first load of a screen fails into the screen, not the dialog', async ({ page }) => {
    // Leave Home first: its own late requests for the grades must not meet the trap set for /voti.
    await page.goto('about:blank');
    await failNext(page, /\/voti_plain(\?|$)/, { stato: 404 });
    await page.goto('/voti');
    await expect(page.getByRole('alert')).toContainText('Contenuto non disponibile');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });
});
