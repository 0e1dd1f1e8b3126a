import { test, expect, signIn, expectNoAxeViolations } from '../e2e/fixtures';

test('refactor build: the -ref routes show the statement, the shop and the cart', async ({ page }) => {
  await signIn(page);
  // Not in the sidebar: reached by address only.
  await expect(page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: /nuova versione/ })).toHaveCount(0);

  await page.goto('/estratto-conto-ref');
  await expect(page.getByRole('heading', { level: 1, name: 'Estratto conto (nuova versione)' })).toBeVisible();
  const statement = page.getByRole('table', { name: 'Movimenti e pagamenti' });
  await expect(statement.getByRole('row').filter({ hasText: 'Corso pomeridiano, 10 incontri' })).toContainText('Scaduto');
  await expectNoAxeViolations(page);

  await page.goto('/negozio-ref');
  await expect(page.getByRole('heading', { level: 1, name: 'Negozio (nuova versione)' })).toBeVisible();
  const pens = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Penne a sfera blu' }) });
  await pens.getByRole('button', { name: /Aggiungi al carrello/ }).click();
  await expect(pens).toContainText('Nel carrello');

  await page.goto('/carrello-ref');
  await expect(page.getByRole('heading', { level: 1, name: 'Carrello (nuova versione)' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Penne a sfera blu' })).toContainText('4,00');
  await expect(page.getByTestId('totale-carrello')).toContainText('4,00');
  await expectNoAxeViolations(page);
});
