import { test, expect, expectNoAxeViolations, DEMO_PASSWORD } from './fixtures';
import type { APIRequestContext } from '@playwright/test';

/** What the mobile app does: sign in with its own token and ask the portal for a single-use code. */
async function mobileCode(request: APIRequestContext, pagina: string) {
  const login = await request.post('/api/v4/utenti/login/', { data: { username: 'genitore.demo', password: DEMO_PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const res = await request.post('/api/v4/utenti/mobile/codice', {
    headers: { Authorization: `JWT ${token}` },
    data: { id_studente: 501, pagina },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { codice: string; url: string };
}

test.describe('mobile pages', () => {
  test('a code from the app opens the page and leaves the address bar at once', async ({ page, request }) => {
    const { codice, url } = await mobileCode(request, 'estratto-conto');
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: 'Estratto conto' })).toBeVisible();
    await expect(page.getByText('Marco Rossi')).toBeVisible();
    expect(page.url()).not.toContain(codice);
    await expect(page).toHaveURL(/\/mobile\/estratto-conto$/);
    // No layout, no sidebar and no update banner in the mobile pages.
    await expect(page.getByRole('navigation', { name: 'Menu principale' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('the same code a second time is refused as expired or used', async ({ page, request }) => {
    const { url } = await mobileCode(request, 'negozio');
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: 'Negozio' })).toBeVisible();
    await expect(page.getByText('Marco Rossi')).toBeVisible();
    const fresh = await page.context().newPage();
    await fresh.goto(url);
    await expect(fresh.getByRole('alert')).toContainText('scaduto o è già stato usato');
  });

  test('an unknown code, a missing code and an unknown page each say what is wrong', async ({ page }) => {
    await page.goto('/mobile/carrello?codice=non-esiste');
    await expect(page.getByRole('alert')).toContainText('Token non valido');
    await page.goto('/mobile/carrello');
    await expect(page.getByRole('alert')).toContainText('Accesso non autorizzato');
    await page.goto('/mobile/pagina-sconosciuta');
    await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
  });
});
