import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, openSignedIn, test } from './fixtures';

/**
 * Novità (docs/product.md, "Novità") for the demo parent: Marco (messenger v2) and Giulia (v1), both
 * with new items seeded. Seen marks live in the browser context's local storage, so each test starts
 * with nothing seen and the demo account can be shared.
 */

const main = (page: Page) => page.locator('#contenuto');
const items = (page: Page) => main(page).locator('section li');
const unseenLine = (page: Page) => main(page).getByText(/ da vedere$|^Hai visto tutto$/);
const badge = (page: Page) => page.locator('#menu-principale').getByTestId('conteggio-novita');

/** Once the list is drawn whole: the first items come with the page, the others a pass later. */
async function drawnWhole(page: Page) {
  const listed = (await main(page).getByText(/^\d+ element[io]$/).textContent()) ?? '';
  await expect(items(page)).toHaveCount(Number(/^\d+/.exec(listed)![0]));
}

async function openNews(page: Page) {
  await page.goto('/novita');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Novità' })).toBeVisible();
  await expect(items(page).first()).toBeVisible();
  await drawnWhole(page);
}

async function unseen(page: Page): Promise<number> {
  const text = (await unseenLine(page).textContent()) ?? '';
  return text.startsWith('Hai visto tutto') ? 0 : Number(/^(\d+)/.exec(text)![1]);
}

test.describe('Novità', () => {
  test('every child in one list, newest day first, each item saying what it is and for whom', async ({ page }) => {
    await signIn(page);
    await openNews(page);
    const days = await main(page).locator('section h2 time').evaluateAll((ts) => ts.map((t) => t.getAttribute('datetime')!));
    expect(days.length).toBeGreaterThan(2);
    expect([...days].sort().reverse()).toEqual(days);
    // No day ahead of today (2026-11-20): a due day ahead is listed under today, with its day shown.
    expect(days[0]! <= '2026-11-20').toBe(true);
    await expect(items(page).filter({ hasText: 'Marco Rossi' }).first()).toBeVisible();
    await expect(items(page).filter({ hasText: 'Giulia Rossi' }).first()).toBeVisible();
    await expect(items(page).filter({ hasText: 'Pagamento in scadenza' }).first()).toContainText('Scadenza:');
    expect(await unseen(page)).toBe(await items(page).count());
    await expectNoAxeViolations(page);
  });

  test('filters by child and by kind, kept in the address across a reload', async ({ page }) => {
    await signIn(page);
    await openNews(page);
    const all = await items(page).count();
    await main(page).getByLabel('Figlio').selectOption({ label: 'Giulia Rossi' });
    await expect(page).toHaveURL(/figlio=/);
    // The address changes first; then the list is drawn again with Giulia's items only.
    await expect(items(page).filter({ hasNotText: 'Giulia Rossi' })).toHaveCount(0);
    await expect(items(page).first()).toContainText('Giulia Rossi');
    await drawnWhole(page);
    const giulia = await items(page).count();
    expect(giulia).toBeGreaterThan(0);
    expect(giulia).toBeLessThan(all);
    for (const row of await items(page).all()) await expect(row).toContainText('Giulia Rossi');
    await main(page).getByLabel('Tipo').selectOption({ label: 'Compito' });
    await expect(page).toHaveURL(/tipo=compito/);
    await page.reload();
    await expect(main(page).getByLabel('Figlio')).toHaveValue(/:502$/);
    await expect(main(page).getByLabel('Tipo')).toHaveValue('compito');
    await expect(items(page).first()).toBeVisible();
    for (const row of await items(page).all()) {
      await expect(row).toContainText('Compito');
      await expect(row).toContainText('Giulia Rossi');
    }
    // A kind with nothing for this child says so.
    await main(page).getByLabel('Tipo').selectOption({ label: 'Messaggio' });
    await expect(main(page).getByText('Nessuna novità per i filtri scelti.')).toBeVisible();
  });

  test('one item seen, then all: the marks and the sidebar badge survive a reload', async ({ page }) => {
    await signIn(page);
    // The badge counts every child's unseen items once the page is idle.
    await expect(badge(page)).toBeVisible({ timeout: 15_000 });
    await openNews(page);
    const before = await unseen(page);
    await expect(badge(page)).toContainText(String(before));
    const first = items(page).first();
    const title = (await first.getByRole('link').textContent())!;
    await first.getByRole('button', { name: /^Segna come visto/ }).click();
    await expect(first).toContainText('Visto');
    expect(await unseen(page)).toBe(before - 1);
    await expect(badge(page)).toContainText(String(before - 1));
    await page.reload();
    await expect(items(page).first()).toContainText('Visto');
    await expect(items(page).first().getByRole('link')).toHaveText(title);
    expect(await unseen(page)).toBe(before - 1);

    await main(page).getByRole('button', { name: 'Segna tutto come visto' }).click();
    await expect(unseenLine(page)).toHaveText('Hai visto tutto');
    await expect(main(page).getByRole('button', { name: 'Segna tutto come visto' })).toBeDisabled();
    await expect(badge(page)).toHaveCount(0);
    await page.reload();
    await expect(items(page).first()).toBeVisible();
    await expect(unseenLine(page)).toHaveText('Hai visto tutto');
    await expect(main(page).getByRole('button', { name: /^Segna come visto/ })).toHaveCount(0);
    await page.goto('/home');
    await expect(page.locator('#menu-principale').getByRole('link', { name: /^Novità/ })).toBeVisible();
    await expect(badge(page)).toHaveCount(0);
  });

  test("an item of the other child opens its screen for that child, and is seen", async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('button', { name: /Cambia studente/ })).toContainText('Marco');
    await page.goto('/novita?tipo=compito');
    await main(page).getByLabel('Figlio').selectOption({ label: 'Giulia Rossi' });
    const item = items(page).first();
    const link = item.getByRole('link');
    // The filtered list is drawn (its first item is Giulia's) before the item is read.
    await expect(link).toHaveText(/\(Giulia Rossi\)$/);
    const subject = ((await link.textContent()) ?? '').replace(/\s*\(Giulia Rossi\)$/, '');
    // By keyboard: the link is a link.
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/compiti$/);
    await expect(page.getByRole('button', { name: /Cambia studente/ })).toContainText('Giulia');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Compiti' })).toBeVisible();
    await expect(main(page).getByRole('heading', { level: 3, name: subject }).first()).toBeVisible();
    await page.goto('/novita?tipo=compito');
    await main(page).getByLabel('Figlio').selectOption({ label: 'Giulia Rossi' });
    await expect(items(page).filter({ hasText: subject }).first()).toContainText('Visto');
  });

  test('a message opens its thread for its child', async ({ page }) => {
    await openSignedIn(page, '/novita?tipo=messaggio');
    const item = items(page).first();
    await expect(item).toContainText('Marco Rossi');
    const title = ((await item.getByRole('link').textContent()) ?? '').replace(/\s*\(Marco Rossi\)$/, '');
    await item.getByRole('link').click();
    await expect(page).toHaveURL(/\/messenger\?thread=\d+_ver_\d+$/);
    await expect(main(page).getByRole('heading', { name: title }).first()).toBeVisible();
  });

  test('a section that fails or answers nonsense leaves the rest of the list, and says which child is incomplete', async ({ page }) => {
    await page.route(/\/studenti\/502\/[^/]+\/compiti_plain/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"guasto"}' }));
    await page.route(/\/studenti\/501\/[^/]+\/voti_plain/, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"voti":"nessuno"}' }));
    await signIn(page);
    await openNews(page);
    await expect(main(page).getByRole('status').filter({ hasText: 'Giulia Rossi' })).toContainText('potrebbe non essere completo');
    await expect(items(page).filter({ hasText: 'Giulia Rossi' }).first()).toBeVisible();
    // The kind and the child head each item: "Compito · Giulia Rossi".
    await expect(items(page).filter({ hasText: 'Compito · Marco Rossi' }).first()).toBeVisible();
    await expect(items(page).filter({ hasText: 'Compito · Giulia Rossi' })).toHaveCount(0);
    await expect(items(page).filter({ hasText: 'Voto · Marco Rossi' })).toHaveCount(0);
    await expect(items(page).filter({ hasText: 'Voto · Giulia Rossi' }).first()).toBeVisible();
  });

  test('on a 360 px phone the filters are one button and the first items are in the first screenful', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await signIn(page);
    await openNews(page);
    await expect(main(page).getByRole('button', { name: /^Filtri/ })).toBeVisible();
    await expect(items(page).first()).toBeInViewport();
    await expectNoAxeViolations(page);
  });
});
