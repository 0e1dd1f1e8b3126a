import { test, expect, signIn, disposableAccount, DEMO_PASSWORD } from './fixtures';
import { E2E_NOW } from '../../playwright.config';

test.describe('sign-in and session', () => {
  test('asks for both fields before calling the server', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Codice utente').fill('genitore.demo');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByRole('alert')).toContainText('Inserire codice utente e password');
    await expect(page.getByLabel('Codice utente')).toHaveValue('genitore.demo');
  });

  test('a wrong password says so and keeps what was typed', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Codice utente').fill('genitore.demo');
    await page.getByLabel('Password', { exact: true }).fill('sbagliata');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByRole('alert')).toHaveText('Codice utente e/o password non validi');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel('Codice utente')).toHaveValue('genitore.demo');
  });

  test('shows the school settings of the login page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('link', { name: /Hai dimenticato la password/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entra con SPID' })).toBeVisible();
    await expect(page.getByText('Non comunicarle a nessuno')).toBeVisible();
  });

  test('signs in, keeps the session across a reload, signs out for good', async ({ page, request }) => {
    // Signing out ends every session of the user: an account of this test's own.
    const account = await disposableAccount(request);
    await signIn(page, account.username, account.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Marco Rossi' })).toBeVisible();
    await expect(page.getByText('Portale Famiglie · versione 1.14.52')).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Marco Rossi' })).toBeVisible();

    await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: /^Voti/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Voti' })).toBeVisible();

    // The same user signed in in another tab (its own session): signing out here ends it too.
    const other = await page.context().newPage();
    await other.clock.setFixedTime(new Date(E2E_NOW));
    await signIn(other, account.username, account.password);

    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('portale-famiglie.session')!).token as string);
    await page.getByRole('button', { name: /Menu utente/ }).click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await other.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: /^Assenze/ }).click();
    await expect(other).toHaveURL(/\/login/);
    await expect(other.getByRole('alert')).toContainText('La sessione è scaduta, accedi di nuovo');
    await other.close();
    const stored = await page.evaluate(() => Object.keys(sessionStorage).map((k) => `${k}=${sessionStorage.getItem(k)}`).join('\n'));
    expect(stored).not.toContain('portale-famiglie.session');
    expect(stored).not.toContain(token);

    await page.goBack();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Marco Rossi')).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);
  });

  test('a protected page asks for sign-in and returns there afterwards', async ({ page }) => {
    await page.goto('/voti');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fvoti/);
    await page.getByLabel('Codice utente').fill('genitore.demo');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page).toHaveURL(/\/voti$/);
  });

  test('the root goes to home and an unknown path says the page does not exist', async ({ page }) => {
    await signIn(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/non-esiste/davvero');
    await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
  });

  test('the token never appears in the address bar', async ({ page }) => {
    await signIn(page);
    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('portale-famiglie.session') ?? '{}').token as string);
    expect(token.length).toBeGreaterThan(20);
    expect(page.url()).not.toContain(token);
  });

  test('works in English too', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
