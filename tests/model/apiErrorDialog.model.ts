/**
 * QA's transition suite for the API error dialog (docs/product.md#api-error-dialog). A failure is what a person meets on
 * coming back to the tab after a while: the stale data on /voti is read again in the background
 * (React Query's focus refetch), and the reference server's fault injection fails that call with
 * the path's status. A call with no answer at all (status 0) is a request the browser aborts.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, signIn, disposableAccount } from '../e2e/fixtures';
import { E2E_NOW } from '../../playwright.config';
import type { ModelPath } from '../../src/machines/testing/model';
import { apiErrorDialogMachine, dialogKindOf, type ApiErrorDialogEvent, type ApiErrorDialogKind } from '../../src/machines/apiErrorDialog.machine';
import { defineMachineSuite, fault, shadowOf } from './replay';
import { readAttempts } from '../../src/api/retryPolicy';

type Snapshot = ModelPath<typeof apiErrorDialogMachine>['steps'][number]['state'];
const UPDATES = /\/aggiornamenti_nextapi(\?|$)/;
const GENERIC = 'attenzione, si è verificato un errore imprevisto';

/** What each kind of dialog says and the button that closes it (docs/product.md#api-error-dialog). */
const DIALOG: Record<ApiErrorDialogKind, { text: string; close: string }> = {
  schoolMessage: { text: 'detail 901', close: 'Torna alla Home' },
  sessionExpired: { text: 'La sessione è scaduta, accedi di nuovo', close: 'Accedi di nuovo' },
  forbidden: { text: 'Codice utente o password non corretti', close: 'Accedi di nuovo' },
  notFound: { text: 'Contenuto non disponibile', close: 'Chiudi' },
  timeout: { text: 'Il server è troppo lento a rispondere', close: 'Annulla' },
  conflict: { text: 'error 409', close: 'Chiudi' },
  serverError: { text: GENERIC, close: 'Chiudi' },
  offline: { text: 'Connessione assente: controlla la rete e riprova', close: 'Chiudi' },
  unexpected: { text: GENERIC, close: 'Accedi di nuovo' },
};

/** How many times the app sends the call for one failure: it renews the token once on a 401, and retries no answer, 408 and 500/502/503/504 (api/retryPolicy.ts). */
const attemptsOf = readAttempts;

/**
 * Fails the app's next background read of the update counts with `status`, and resolves once
 * every attempt of it has ended. The call is sent to a path of its own, and only that path is
 * faulted: a 408 is answered to each of Chromium's own resends, and what is left harms nobody.
 */
async function failNextRefetch(page: Page, request: APIRequestContext, status: number) {
  const times = attemptsOf(status);
  let ended = 0;
  if (status === 0) {
    await page.route(UPDATES, async (route) => {
      await route.abort('internetdisconnected');
      ended += 1;
    }, { times });
  } else {
    const tag = `guasto-${randomUUID()}`;
    await fault(request, { metodo: 'GET', percorso: `/${tag}$`, stato: status, detail: `detail ${status}`, error: `error ${status}`, volte: status === 408 ? 10 * times : times });
    const done = (r: { url(): string }) => {
      if (r.url().includes(tag)) ended += 1;
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    // A rewritten request loses the context's extra headers: give it the test's scope again (fixtures.ts).
    const scope = { 'x-test-ambito': test.info().testId };
    await page.route(
      UPDATES,
      async (route) => route.continue({ url: route.request().url().replace(/(\?|$)/, `/${tag}$1`), headers: { ...(await route.request().allHeaders()), ...scope } }),
      { times },
    );
  }
  await page.clock.fastForward('01:00');
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  await expect.poll(() => ended).toBe(times);
}

/**
 * The Novità badge reads once the page is drawn and the browser idle (on this faked clock, once it
 * is moved on), in entries of its own that open no dialog: its reads done first, the faults above
 * meet the app's own refetch of the update counts, not the badge's.
 */
async function settleBadge(page: Page) {
  await page.clock.fastForward('00:05');
  // Its reads are every child's sections: on a loaded machine they take longer than an assertion's 5 s.
  await expect(page.locator('#menu-principale [data-testid=conteggio-novita]')).toBeVisible({ timeout: 15_000 });
}

const tokenChecks = (page: Page) => page.evaluate(() => (window as unknown as { tokenChecks?: number }).tokenChecks ?? 0);

async function expectScreen(page: Page, snap: Snapshot) {
  const dialog = page.getByRole('alertdialog');
  const kind = dialogKindOf(snap);
  if (!kind) {
    await expect(dialog).toHaveCount(0);
    return;
  }
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(DIALOG[kind].text);
  await expect(dialog.getByRole('button', { name: DIALOG[kind].close })).toBeVisible();
}

export function defineApiErrorDialogTransitionSuite() {
  defineMachineSuite<typeof apiErrorDialogMachine>('apiErrorDialog', async (page, request, path) => {
    await page.clock.install({ time: new Date(E2E_NOW) });
    // docs/product.md#api-error-dialog: a 400 or a 401 also asks for the token to be verified; count how often.
    await page.addInitScript(() => {
      window.addEventListener('portale:token-verification-failed', () => {
        const w = window as unknown as { tokenChecks?: number };
        w.tokenChecks = (w.tokenChecks ?? 0) + 1;
      });
    });
    // Some dialogs sign out, which ends every session of the user: an account of this path's own.
    const account = await disposableAccount(request);
    await signIn(page, account.username, account.password, '/voti');
    await expect(page.getByRole('heading', { name: 'Voti', level: 1 })).toBeVisible();
    await settleBadge(page);
    const shadow = shadowOf(apiErrorDialogMachine, []);
    await expectScreen(page, shadow.snapshot());

    for (const step of path.steps.slice(1)) {
      const ev = step.event as ApiErrorDialogEvent;
      const before = dialogKindOf(shadow.snapshot());
      switch (ev.type) {
        case 'apiError.raised': {
          const checks = await tokenChecks(page);
          await failNextRefetch(page, request, ev.status);
          const verifies = ev.status === 400 || ev.status === 401;
          await expect.poll(() => tokenChecks(page)).toBe(checks + (verifies ? 1 : 0));
          break;
        }
        case 'dialog.dismissed':
          await page.getByRole('alertdialog').getByRole('button', { name: DIALOG[before!].close }).click();
          break;
        case 'dialog.reload':
          await Promise.all([page.waitForEvent('load'), page.getByRole('alertdialog').getByRole('button', { name: 'Ricarica pagina' }).click()]);
          break;
      }
      const snap = await shadow.step(ev, step.state);
      await expectScreen(page, snap);
      // The follow-ups with consequences (docs/product.md#api-error-dialog).
      if (ev.type === 'dialog.dismissed' && (before === 'sessionExpired' || before === 'forbidden' || before === 'unexpected')) await expect(page).toHaveURL(/\/login/);
      if (ev.type === 'dialog.dismissed' && before === 'schoolMessage') await expect(page).toHaveURL(/\/home$/);
      if (ev.type === 'dialog.reload') {
        await expect(page.getByRole('heading', { name: 'Voti', level: 1 })).toBeVisible();
        await settleBadge(page);
      }
    }
  });
}
