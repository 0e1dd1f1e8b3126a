/**
 * The checkout's transition suite on /carrello/pagamento: the cart is put in the tab with the
 * shop's real products (for one run, with one the app may not pay), each `xstate.done.actor.payment`
 * step is the payment driven to that end through the stand-in card library and app button, and after
 * each step the screen must show the state the machine run beside the browser is in.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { expect } from '../e2e/fixtures';
import { PENDING_KEY, fillCard, openCheckout, parentToken, productLine } from '../e2e/checkoutHelpers';
import { checkoutMachine, type CheckoutEvent, type CheckoutInput } from '../../src/machines/checkout.machine';
import { defineMachineSuite, shadowOf, type StepEvent } from './replay';

type Snapshot = SnapshotFrom<typeof checkoutMachine>;
type Method = 'carta' | 'app';

const appButton = (page: Page) => page.frameLocator('iframe[title="Satispay (simulato)"]');

async function expectScreen(page: Page, snap: Snapshot, metodo: Method | null) {
  const choice = page.getByRole('heading', { name: 'Come vuoi pagare?' });
  if (snap.matches('choosing')) {
    await expect(choice).toBeVisible();
    const problem = page.getByRole('alert').filter({ hasText: 'Errore nel pagamento' });
    if (snap.context.message) await expect(problem).toContainText("Pagamento rifiutato nell'app");
    else await expect(problem).toHaveCount(0);
  } else if (snap.matches('arrangement')) {
    await expect(page.getByRole('heading', { name: 'Pagamento in accordo con la scuola' })).toBeVisible();
  } else if (snap.matches('paying')) {
    await expect(page.getByRole('heading', { name: metodo === 'app' ? 'Pagamento con Satispay' : 'Pagamento con carta' })).toBeVisible();
    await expect(choice).toHaveCount(0);
    // Kept in the tab while it runs, so a reload resumes it.
    expect(await page.evaluate((k) => JSON.parse(sessionStorage.getItem(k) ?? 'null')?.metodo, PENDING_KEY)).toBe(metodo);
  } else if (snap.matches('paid')) {
    await expect(page.getByText('Pagamento confermato')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ricevuta' })).toBeVisible();
  }
  if (!snap.matches('paying')) expect(await page.evaluate((k) => sessionStorage.getItem(k), PENDING_KEY)).toBeNull();
}

async function endPayment(page: Page, metodo: Method, kind: 'paid' | 'failed' | 'abandoned', buttonClosed: boolean) {
  if (metodo === 'carta') {
    if (kind === 'abandoned') return page.getByRole('button', { name: 'Cambia metodo di pagamento' }).click();
    await page.getByLabel('Nome titolare carta').fill('Laura Rossi');
    await fillCard(page, '4242 4242 4242 4242');
    return page.getByRole('button', { name: 'Paga', exact: true }).click();
  }
  if (kind === 'abandoned') {
    // Closed without an answer, then the family stops waiting.
    if (!buttonClosed) await appButton(page).getByRole('button', { name: 'Chiudi' }).click();
    return page.getByRole('button', { name: 'Annulla il pagamento' }).click();
  }
  // A resumed wait does not reopen the button by itself.
  if (buttonClosed) await page.getByRole('button', { name: 'Apri di nuovo Satispay' }).click();
  if (kind === 'paid') return appButton(page).getByRole('button', { name: "Approva nell'app" }).click();
  return appButton(page).getByRole('button', { name: "Rifiuta nell'app" }).click();
}

/** The lines the run's input stands for, from the shop's own products, as the shop puts them in the tab. */
async function linesOf(request: APIRequestContext, input: CheckoutInput) {
  const token = await parentToken(request);
  return Promise.all(input.items.map((item) => productLine(request, token, item.nome, item.quantita, item.pagamentoApp)));
}

export function defineCheckoutTransitionSuite() {
  defineMachineSuite<typeof checkoutMachine>('checkout', async (page, request, path, input) => {
    const start = input as CheckoutInput;
    await openCheckout(page, await linesOf(request, start));
    let metodo: Method | null = start.resume?.metodo ?? null;
    let buttonClosed = false;
    if (start.resume) {
      // The attempt the tab kept: the app payment created, its button closed unanswered, the page reloaded.
      await page.getByRole('button', { name: 'Paga con Satispay' }).click();
      await appButton(page).getByRole('button', { name: 'Chiudi' }).click();
      await expect(page.getByText("In attesa della conferma nell'app Satispay")).toBeVisible();
      await page.reload();
      buttonClosed = true;
    }
    const shadow = shadowOf(checkoutMachine, ['payment'], start);
    await expectScreen(page, shadow.snapshot(), metodo);
    for (const step of path.steps.slice(1)) {
      const ev = step.event as StepEvent<CheckoutEvent>;
      if (ev.type === 'checkout.choose') {
        metodo = ev.metodo;
        buttonClosed = false;
        await page.getByRole('button', { name: ev.metodo === 'carta' ? 'Paga con carta' : 'Paga con Satispay' }).click();
      } else if (ev.type === 'checkout.arrange') await page.getByRole('button', { name: 'Vedi come pagare la scuola' }).click();
      else if (ev.type === 'checkout.back') await page.getByRole('button', { name: 'Torna ai metodi di pagamento' }).click();
      else if (ev.type === 'xstate.done.actor.payment') await endPayment(page, metodo!, (ev.output as { kind: 'paid' | 'failed' | 'abandoned' }).kind, buttonClosed);
      else throw new Error(`${ev.type} is not driven in the browser`);
      await expectScreen(page, await shadow.step(ev, step.state), metodo);
    }
  });
}
