import { test, expect, expectNoAxeViolations } from './fixtures';
import { mobileApp } from './mobileApp';

test.describe('mobile pages', () => {
  test('a code from the app opens the page and leaves the address bar at once', async ({ page, request }) => {
    const { codice, url } = await (await mobileApp(page, request)).code('estratto-conto');
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
    const { url } = await (await mobileApp(page, request)).code('negozio');
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: 'Negozio' })).toBeVisible();
    await expect(page.getByText('Marco Rossi')).toBeVisible();
    const fresh = await page.context().newPage();
    await fresh.goto(url);
    await expect(fresh.getByRole('alert')).toContainText('scaduto o è già stato usato');
  });

  test('an unknown code, a missing code and an unknown page each say what is wrong', async ({ page, request }) => {
    await mobileApp(page, request);
    await page.goto('/mobile/carrello?codice=non-esiste');
    await expect(page.getByRole('alert')).toContainText('Token non valido');
    await page.goto('/mobile/carrello');
    await expect(page.getByRole('alert')).toContainText('Accesso non autorizzato');
    await page.goto('/mobile/pagina-sconosciuta');
    await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
  });

  test('a link with a code forwarded to someone else opens nothing: the page outside the app has no verifier', async ({ page, request, browser, baseURL }) => {
    const { codice, url } = await (await mobileApp(page, request)).code('carrello');
    // Someone else's browser: no app, so nothing hands the page a verifier.
    const elsewhere = await browser.newContext({ baseURL });
    const forwarded = await elsewhere.newPage();
    const exchanges: string[] = [];
    forwarded.on('request', (r) => {
      if (r.url().includes('/mobile/sessione')) exchanges.push(r.url());
    });
    await forwarded.goto(url);
    await expect(forwarded.getByRole('alert')).toContainText('Accesso non autorizzato');
    await expect(forwarded.getByText('Marco Rossi')).toHaveCount(0);
    expect(forwarded.url()).not.toContain(codice);
    expect(exchanges).toEqual([]);
    expect(await forwarded.evaluate(() => sessionStorage.getItem('portale-famiglie.session'))).toBeNull();
    await elsewhere.close();
    // Asked for directly, without the verifier, the exchange is refused and spends the code.
    const direct = await request.post('/api/v4/utenti/mobile/sessione', { data: { codice } });
    expect(direct.status()).toBe(401);
    expect(await direct.json()).toMatchObject({ error: 'accesso_non_autorizzato' });
    await page.goto(url);
    await expect(page.getByRole('alert')).toContainText('scaduto o è già stato usato');
  });
});
