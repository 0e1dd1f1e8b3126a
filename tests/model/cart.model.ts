/**
 * The cart's transition suite: its generated paths driven through the screens that fill it (the
 * statement, the shop) and the cart itself, checked after each step against the machine run beside
 * the browser: the sidebar's count and what the tab stored (names and quantities).
 */
import type { Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { expect, signIn } from '../e2e/fixtures';
import { cartMachine, type CartEvent, type CartInput } from '../../src/machines/cart.machine';
import { cartModel } from '../../src/machines/testing/cart.model';
import { defineMachineSuite, shadowOf, type StepEvent } from './replay';

type Snapshot = SnapshotFrom<typeof cartMachine>;

const { fee, notebooks } = cartModel.items;

async function stored(page: Page) {
  return page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('portale-famiglie.privato.carrello'));
    const items = key ? (JSON.parse(sessionStorage.getItem(key)!) as { items: Array<{ nome: string; quantita: number }> }).items : [];
    return items.map((i) => `${i.nome} ×${i.quantita}`).sort();
  });
}

async function expectCart(page: Page, snap: Snapshot) {
  const expected = snap.context.items.map((i) => `${i.nome} ×${i.quantita}`).sort();
  await expect.poll(() => stored(page)).toEqual(expected);
  const link = page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: /^Carrello/ });
  if (expected.length === 0) await expect(link.getByTestId('conteggio-carrello')).toHaveCount(0);
  else await expect(link.getByTestId('conteggio-carrello')).toContainText(String(expected.length));
}

async function add(page: Page, nome: string) {
  if (nome === fee.nome) {
    await page.goto('/estratto-conto');
    const row = page.getByRole('table', { name: 'Movimenti e pagamenti' }).getByRole('row').filter({ hasText: 'Corso pomeridiano, 10 incontri' });
    await row.getByRole('button', { name: /Aggiungi al carrello/ }).click();
    await expect(row).toContainText('Nel carrello');
  } else {
    await page.goto('/negozio');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: nome }) });
    await card.getByRole('button', { name: /Aggiungi al carrello/ }).click();
    await expect(card).toContainText('Nel carrello');
  }
}

async function drive(page: Page, ev: StepEvent<CartEvent>) {
  switch (ev.type) {
    case 'cart.added':
      await add(page, ev.item.nome);
      break;
    case 'cart.removed':
      await page.goto('/carrello');
      await page.getByRole('row').filter({ hasText: fee.nome }).getByRole('button', { name: /Rimuovi/ }).click();
      break;
    case 'cart.quantitySet':
      await page.goto('/carrello');
      await page.getByLabel(`Quantità di «${notebooks.nome}»`).fill(String(ev.quantita));
      break;
    case 'cart.emptied': {
      await page.goto('/carrello');
      await page.getByRole('button', { name: 'Svuota il carrello' }).click();
      await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: 'Svuota' }).click();
      await expect(page.getByText('Il carrello è vuoto.')).toBeVisible();
      break;
    }
    default:
      throw new Error(`${ev.type} is not driven in the browser`);
  }
}

export function defineCartTransitionSuite() {
  defineMachineSuite<typeof cartMachine>('cart', async (page, _request, path, input) => {
    await signIn(page);
    const start = input as CartInput;
    // A restored cart: what the tab stored before a reload.
    if (start.items.length > 0) {
      for (const item of start.items) await add(page, item.nome);
      await page.reload();
    }
    const shadow = shadowOf(cartMachine, [], start);
    await expectCart(page, shadow.snapshot());
    for (const step of path.steps.slice(1)) {
      const ev = step.event as StepEvent<CartEvent>;
      await drive(page, ev);
      await expectCart(page, await shadow.step(ev, step.state));
    }
  });
}
