import { test, expect, expectNoAxeViolations } from './fixtures';

/** Through the demo identity provider of the reference server (server/areas/account). */
async function spidAs(page: import('@playwright/test').Page, taxCode: string | null) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Entra con SPID' }).click();
  await expect(page.getByRole('heading', { name: 'Entra con SPID' })).toBeVisible();
  if (taxCode === null) {
    await page.getByRole('button', { name: 'Annulla' }).click();
    return;
  }
  await page.getByLabel(new RegExp(taxCode)).check();
  await page.getByRole('button', { name: 'Entra' }).click();
}

test.describe('SPID sign-in', () => {
  test('the identity provider page is accessible', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entra con SPID' }).click();
    await expect(page.getByRole('group', { name: 'Codice fiscale' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a tax code linked to one user signs in, and the code never stays in the address', async ({ page }) => {
    await spidAs(page, 'RSSLRA80A41H501X');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Marco Rossi' })).toBeVisible();
    const visited = await page.evaluate(() => window.history.length);
    expect(visited).toBeGreaterThan(0);
    expect(page.url()).not.toContain('spid=');
  });

  test('a tax code linked to no user says to contact the school office', async ({ page }) => {
    await spidAs(page, 'VRDGPP70A01F205X');
    await expect(page.getByRole('alert')).toHaveText(/non è associato a nessun utente della scuola: contatta la segreteria/);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a tax code linked to several users says so too', async ({ page }) => {
    await spidAs(page, 'BNCMRA75C12L219Y');
    await expect(page.getByRole('alert')).toHaveText(/è associato a più utenti della scuola: contatta la segreteria/);
  });

  test('a used or unknown code is refused with the SPID message', async ({ page }) => {
    await page.goto('/login?spid=codice-inventato');
    await expect(page.getByRole('alert')).toHaveText("Non è stato possibile effettuare l'accesso con SPID");
    await expect(page).toHaveURL(/\/login$/);
  });

  test('cancelling at the identity provider comes back to the login page', async ({ page }) => {
    await spidAs(page, null);
    await expect(page.getByRole('alert')).toHaveText('Accesso con SPID annullato');
  });
});
