import type { Locator, Page } from '@playwright/test';
import { test, expect, signIn, openSignedIn, expectHomeOf, expectNoAxeViolations } from './fixtures';

// The list screens on a 360 × 780 phone with a touch screen: the first items in the first screenful,
// the filters folded into one button whose sheet opens by keyboard and by touch (focus kept inside,
// Escape closes, focus back on the button), a choice in it changing the list (and the address where
// the screen keeps it there), and the compact rows opening on their details and actions.
// Nothing here changes the demo data the other tests read (a cart lives in the tab).
test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });

const main = (page: Page) => page.locator('#contenuto');
const filterButton = (page: Page) => main(page).getByRole('button', { name: /^Filtri:/ });
const sheet = (page: Page) => page.getByRole('dialog');

/** The texts of the screen's items: list items and table rows of the main area, not nested ones. */
function itemTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('#contenuto li, #contenuto tbody > tr')]
      .filter((e) => !e.parentElement?.closest('li') && !e.closest('[role="status"], [role="alert"], [role="tablist"]') && e.checkVisibility())
      .map((e) => (e.textContent ?? '').trim()),
  );
}

/** The first item starts within the first screenful (780 px). */
async function expectItemInFirstScreen(item: Locator) {
  await expect(item).toBeVisible();
  const box = await item.boundingBox();
  expect(box, 'the first item has a box').not.toBeNull();
  expect(box!.y + Math.min(box!.height, 40)).toBeLessThanOrEqual(780);
}

/** Keyboard: Enter opens the sheet with focus inside; Tab stays inside; Escape closes it and focus returns. */
async function sheetByKeyboard(page: Page) {
  const button = filterButton(page);
  // While the sheet is open the rest of the page is hidden from screen readers (a modal): its
  // button is found by its id then.
  const id = await button.getAttribute('id');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(sheet(page)).toBeVisible();
  await expect(page.locator(`[id="${id}"]`)).toHaveAttribute('aria-expanded', 'true');
  // Focus moves in once the sheet is drawn (a frame later on a busy phone); Tab is pressed from there.
  await expect.poll(() => sheet(page).evaluate((d) => d.contains(document.activeElement)), { message: 'focus moved into the sheet' }).toBe(true);
  // More presses than the sheet has controls (about twenty): focus wraps round inside it.
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    expect(await sheet(page).evaluate((d) => d.contains(document.activeElement)), `focus left the sheet after ${i + 1} Tab`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(sheet(page)).toBeHidden();
  await expect(button).toBeFocused();
}

const LESSON_SCREENS = [
  { path: '/compiti', heading: 'Compiti' },
  { path: '/verifiche', heading: 'Verifiche' },
  { path: '/argomenti', heading: 'Argomenti delle lezioni' },
  { path: '/materiale_didattico', heading: 'Materiale didattico' },
];

test.describe('list screens with the date filter in the address', () => {
  for (const { path, heading } of LESSON_SCREENS) {
    test(`${path}: items first, the filter sheet by keyboard and by touch, a month changes the list and the address`, async ({ page }) => {
      // /argomenti lists the whole year's topics (a few hundred rows), drawn again on each choice.
      test.slow();
      await signIn(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectItemInFirstScreen(main(page).locator('li, tbody > tr').first());
      await expect(filterButton(page)).toHaveText(/Filtri:\s*Tutte le date/);
      // The full filter is not on the page until asked for.
      await expect(page.getByRole('group', { name: 'Filtri rapidi' })).toBeHidden();
      await sheetByKeyboard(page);

      const before = await itemTexts(page);
      await filterButton(page).tap();
      await expect(sheet(page)).toBeVisible();
      await sheet(page).getByRole('button', { name: 'Set 2026' }).tap();
      await expect(page).toHaveURL(/filtro=2026-09/);
      await expect(page).toHaveURL(/dal=2026-09-01&al=2026-09-30|al=2026-09-30&dal=2026-09-01/);
      await sheet(page).getByRole('button', { name: 'Mostra i risultati' }).tap();
      await expect(sheet(page)).toBeHidden();
      await expect(filterButton(page)).toHaveText(/Filtri:\s*Settembre 2026/);
      await expect.poll(() => itemTexts(page)).not.toEqual(before);

      // The address keeps it: a reload shows the same choice on the button.
      await page.reload();
      await expect(filterButton(page)).toHaveText(/Filtri:\s*Settembre 2026/);
    });
  }

  test('/compiti keeps «Mostra tutti» beside the button, outside the sheet', async ({ page }) => {
    await openSignedIn(page, '/compiti');
    const showAll = main(page).getByRole('checkbox', { name: 'Mostra tutti' });
    await expect(showAll).toBeVisible();
    await showAll.tap();
    await expect(page).toHaveURL(/tutti=true/);
  });
});

test.describe('list screens with the date filter kept in the tab', () => {
  test('/assenze: the sheet by keyboard and by touch; a month changes the list; rows open on their details', async ({ page }) => {
    await openSignedIn(page, '/assenze');
    const list = page.getByRole('list', { name: 'Assenze, ritardi e uscite' });
    await expectItemInFirstScreen(list.getByRole('listitem').first());
    await sheetByKeyboard(page);

    const count = await list.getByRole('listitem').count();
    await filterButton(page).tap();
    await sheet(page).getByRole('button', { name: 'Set 2026' }).tap();
    await sheet(page).getByRole('button', { name: 'Chiudi i filtri' }).tap();
    await expect(sheet(page)).toBeHidden();
    await expect(filterButton(page)).toHaveText(/Settembre 2026/);
    await expect.poll(() => list.getByRole('listitem').count()).not.toBe(count);
    // Kept in the tab: a reload comes back to it.
    await page.reload();
    await expect(filterButton(page)).toHaveText(/Settembre 2026/);
    await filterButton(page).tap();
    await sheet(page).getByRole('button', { name: 'Rimuovi il filtro' }).tap();
    await page.keyboard.press('Escape');
    await expect(filterButton(page)).toHaveText(/Tutte le date/);

    // A justified absence opens on its reason, by keyboard and by touch.
    const justified = list.getByRole('listitem').filter({ hasText: 'Giustificata' }).first();
    const line = justified.getByRole('button', { expanded: false });
    await line.focus();
    await page.keyboard.press('Enter');
    await expect(justified.getByRole('button', { expanded: true })).toBeVisible();
    await expect(justified.getByText('Giustificazione', { exact: true })).toBeVisible();
    await justified.getByRole('button', { expanded: true }).tap();
    await expect(justified.getByText('Giustificazione', { exact: true })).toBeHidden();
    // The choice of what to justify stays on the row: a thumb ticks it without opening anything.
    const box = list.getByRole('checkbox').first();
    await box.tap();
    await expect(box).toBeChecked();
    const size = await box.evaluate((e) => e.parentElement!.getBoundingClientRect());
    expect(size.height).toBeGreaterThanOrEqual(44);
    await expect(page.getByRole('form', { name: 'Giustificazione online' }).getByRole('button', { name: 'Invia giustificazione' })).toBeVisible();
  });

  test('/colloqui: no booking is asked before a period; the sheet chooses one and the bookings show', async ({ page }) => {
    await openSignedIn(page, '/colloqui');
    await expectItemInFirstScreen(main(page).locator('li[data-docente]').first());
    await expect(filterButton(page)).toHaveText(/Nessun periodo scelto/);
    await sheetByKeyboard(page);
    await filterButton(page).tap();
    await expect(sheet(page)).toHaveAccessibleName('Periodo dei colloqui prenotati');
    await sheet(page).getByRole('button', { name: 'Nov 2026' }).tap();
    await sheet(page).getByRole('button', { name: 'Mostra i risultati' }).tap();
    await expect(filterButton(page)).toHaveText(/Novembre 2026/);
    await expect(main(page).locator('li[data-prenotato]').first()).toBeVisible();
  });
});

test.describe('list screens with subject and period filters', () => {
  for (const { path, heading } of [
    { path: '/annotazioni', heading: 'Annotazioni' },
    { path: '/note-disciplinari', heading: 'Note disciplinari' },
  ]) {
    test(`${path}: the count beside the button, the sheet by keyboard and by touch, a period changes the list`, async ({ page }) => {
      await signIn(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectItemInFirstScreen(main(page).getByRole('listitem').first());
      await expect(filterButton(page)).toHaveText(/Filtri:.*Intero anno/);
      const count = main(page).getByText(/^\d+ element[io]$/);
      await expect(count).toBeVisible();
      const counted = await count.innerText();
      await sheetByKeyboard(page);
      await filterButton(page).tap();
      await sheet(page).getByLabel('Periodo').selectOption({ label: '2° periodo' });
      await sheet(page).getByRole('button', { name: 'Mostra i risultati' }).tap();
      await expect(filterButton(page)).toHaveText(/2° periodo/);
      await expect(count).not.toHaveText(counted);
    });
  }
});

test.describe('compact rows', () => {
  test('/voti: one or two lines per grade; details and actions open in place by keyboard and by touch', async ({ page }) => {
    await openSignedIn(page, '/voti');
    const italian = page.getByRole('list', { name: 'Voti di Lingua e letteratura italiana' });
    const first = italian.getByRole('listitem').first();
    await expectItemInFirstScreen(first);
    // The line: the grade, its kind and date, read with their names.
    const line = first.getByRole('button', { expanded: false });
    await expect(line).toHaveAccessibleName(/^Voto \S+ Tipo \S+ Data \d{2}-\d{2}-\d{4}/);
    const box = await line.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeLessThanOrEqual(64);

    await line.focus();
    await page.keyboard.press('Enter');
    await expect(first.getByRole('button', { expanded: true })).toBeFocused();
    await expect(first.getByText('Commento', { exact: true })).toBeVisible();
    // The row's actions are there, each a thumb's height.
    const details = first.getByRole('button', { name: /^Dettagli del voto/ });
    expect((await details.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await details.tap();
    const dialog = page.getByRole('dialog', { name: /^Voto di Lingua e letteratura italiana del/ });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await first.getByRole('button', { expanded: true }).tap();
    await expect(first.getByText('Commento', { exact: true })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('/estratto-conto: a row opens on its payment action by touch, and the action adds it to the cart', async ({ page }) => {
    await openSignedIn(page, '/estratto-conto');
    const rows = page.getByRole('list', { name: /Movimenti e pagamenti|Estratto conto/ }).getByRole('listitem');
    await expectItemInFirstScreen(rows.first());
    const overdue = page.locator('li[data-stile="scaduto"]').first();
    const payable = page.locator(`li[data-cart-id="${await overdue.getAttribute('data-cart-id')}"]`);
    await payable.getByRole('button', { expanded: false }).tap();
    await expect(payable.getByRole('button', { expanded: true })).toBeVisible();
    const add = payable.getByRole('button', { name: /^Aggiungi al carrello/ });
    expect((await add.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await add.tap();
    await expect(payable).toContainText('Nel carrello');
  });
});

/** A compact row's line: a button one or two lines tall (44 to 64 px), closed. */
async function expectCompactLine(line: Locator) {
  await expect(line).toHaveAttribute('aria-expanded', 'false');
  const box = await line.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeLessThanOrEqual(64);
}

/** Every button of the locator a thumb's height (44 px). */
async function expectThumbTall(buttons: Locator) {
  const count = await buttons.count();
  expect(count, 'there are actions to measure').toBeGreaterThan(0);
  for (let i = 0; i < count; i++) expect((await buttons.nth(i).boundingBox())!.height, `action ${i + 1}`).toBeGreaterThanOrEqual(44);
}

async function switchToGiulia(page: Page) {
  await page.getByRole('button', { name: /Cambia studente o anno scolastico/ }).click();
  await page.getByRole('menuitem', { name: /Giulia Rossi/ }).click();
  await expectHomeOf(page, 'Giulia Rossi');
}

test.describe('compact rows of lists', () => {
  test('/compiti: one row per homework under its day; the whole text opens in place by keyboard and by touch', async ({ page }) => {
    await openSignedIn(page, '/compiti');
    const day = main(page).getByRole('list', { name: /^Consegna:/ }).first();
    const first = day.getByRole('listitem').first();
    await expectItemInFirstScreen(first);
    const line = first.getByRole('button', { expanded: false });
    await expectCompactLine(line);
    // The subject on the first line, the text cut on the second.
    await expect(line).toContainText('Matematica');
    await expect(first.getByText(/^Assegnato il \d{2}-\d{2}-\d{4}$/)).toHaveCount(0);
    await line.focus();
    await page.keyboard.press('Enter');
    await expect(first.getByRole('button', { expanded: true })).toBeFocused();
    await expect(first.getByText(/^Assegnato il \d{2}-\d{2}-\d{4}$/)).toBeVisible();
    await first.getByRole('button', { expanded: true }).tap();
    await expect(first.getByText(/^Assegnato il/)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('/colloqui: one row per teacher; it opens on the free slots and the request, each a thumb tall', async ({ page }) => {
    await openSignedIn(page, '/colloqui');
    const teachers = main(page).getByRole('list', { name: 'Docenti' });
    const first = teachers.locator('li[data-docente]').first();
    await expectItemInFirstScreen(first);
    const line = first.getByRole('button', { expanded: false });
    await expectCompactLine(line);
    await expect(first.getByRole('button', { name: /^Prenota alle/ })).toHaveCount(0);
    await line.focus();
    await page.keyboard.press('Enter');
    await expect(first.getByRole('button', { expanded: true })).toBeFocused();
    // Each free slot a button to book it (the demo school has free slots with every teacher), and the
    // request where the school takes them.
    const withSlots = first;
    await expectThumbTall(withSlots.getByRole('button', { name: /^Prenota alle/ }));
    await expectThumbTall(withSlots.getByRole('button', { name: 'Richiedi un colloquio' }));
    // Booking asks first: the dialog opens and is left without booking.
    await withSlots.getByRole('button', { name: /^Prenota alle/ }).first().tap();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(confirm).toContainText('Prenotare il colloquio?');
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await first.getByRole('button', { expanded: true }).tap();
    await expect(first.getByRole('button', { expanded: false })).toBeVisible();
  });

  test('/comunicazioni: one row per communication; it opens on «Leggi» and the acknowledgement; a sent message on its text', async ({ page }) => {
    await signIn(page);
    await switchToGiulia(page);
    await page.goto('/comunicazioni');
    const received = main(page).getByRole('list', { name: 'Comunicazioni ricevute' });
    const asking = received.getByRole('listitem').filter({ hasText: 'Da leggere' }).first();
    await expectItemInFirstScreen(received.getByRole('listitem').first());
    const line = asking.getByRole('button', { expanded: false });
    await expectCompactLine(line);
    await line.focus();
    await page.keyboard.press('Enter');
    await expect(asking.getByRole('button', { expanded: true })).toBeFocused();
    // Its actions, a thumb tall; not pressed here (reading and acknowledging change the demo data).
    await expectThumbTall(asking.getByRole('button', { name: /^Leggi «/ }));
    await expect(asking.getByRole('button', { name: /^(Presa visione|Conferma lettura)/ })).toBeVisible();
    await expectThumbTall(asking.getByRole('button', { name: /^(Presa visione|Conferma lettura)/ }));
    await asking.getByRole('button', { expanded: true }).tap();
    await expect(asking.getByRole('button', { name: /^Leggi «/ })).toHaveCount(0);

    await main(page).getByRole('tab', { name: /Inviate/ }).tap();
    const sent = main(page).getByRole('list', { name: 'Messaggi inviati' }).getByRole('listitem').first();
    await sent.getByRole('button', { expanded: false }).tap();
    await expect(sent.getByText(/^A: /).last()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe('accessibility with the sheet open (axe, WCAG 2.1 A/AA)', () => {
  for (const path of ['/compiti', '/assenze', '/annotazioni']) {
    test(path, async ({ page }) => {
      await signIn(page);
      await page.goto(path);
      await filterButton(page).tap();
      await expect(sheet(page)).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('/colloqui with a teacher open', async ({ page }) => {
    await openSignedIn(page, '/colloqui');
    await main(page).getByRole('list', { name: 'Docenti' }).getByRole('button', { expanded: false }).first().tap();
    await expectNoAxeViolations(page);
  });

  test('/voti with a row open', async ({ page }) => {
    await openSignedIn(page, '/voti');
    await page.getByRole('list', { name: 'Voti di Lingua e letteratura italiana' }).getByRole('button', { expanded: false }).first().tap();
    await expectNoAxeViolations(page);
  });
});
