import type { Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations, DEMO_PASSWORD, expectHomeOf } from './fixtures';

/**
 * Sign-in with SPID and CIE through the real redirects: the portal → the reference server's start
 * (OpenID Connect relying party) → the demo identity provider's own page → the server's return
 * address → the portal with a single-use code, exchanged by the tab that started.
 */

/** The demo identities (server/areas/account/seed.ts). */
const PARENT = 'RSSLRA80A41H501X';
const NO_USER = 'VRDGPP70A01F205X';
const SEVERAL_USERS = 'BNCMRA75C12L219Y';
const FIRST_CYCLE_PUPIL = 'RSSGLI13C45H501Y';

type Way = { method: 'spid'; provider: string } | { method: 'cie' };
const POSTE: Way = { method: 'spid', provider: 'Poste ID' };
const CIE: Way = { method: 'cie' };

/** From the sign-in page to the provider's page, and there as `taxCode` (null: cancel). */
async function signInWith(page: Page, way: Way, taxCode: string | null, loginPath = '/login') {
  await page.goto(loginPath);
  if (way.method === 'spid') {
    await page.getByRole('button', { name: 'Entra con SPID' }).click();
    await page.getByRole('button', { name: `Accedi con ${way.provider}` }).click();
  } else {
    await page.getByRole('button', { name: 'Entra con CIE' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: way.method === 'spid' ? new RegExp(way.provider) : /CIE/ })).toBeVisible();
  if (taxCode === null) {
    await page.getByRole('button', { name: 'Annulla' }).click();
    return;
  }
  await page.getByLabel(new RegExp(taxCode)).check();
  await page.getByRole('button', { name: 'Entra', exact: true }).click();
}

async function expectSignedInAsParent(page: Page) {
  await expectHomeOf(page, 'Marco Rossi');
  // The code left the address before it was used, and no token ever entered it.
  expect(page.url()).not.toMatch(/spid=|cie=|code=|token/);
}

test.describe('sign-in with SPID and CIE', () => {
  test('SPID: the provider chosen in the list signs the parent in', async ({ page }) => {
    await signInWith(page, POSTE, PARENT);
    await expectSignedInAsParent(page);
  });

  test('SPID: every entry of the list has a provider behind it (another one)', async ({ page }) => {
    await signInWith(page, { method: 'spid', provider: 'Aruba ID' }, PARENT);
    await expectSignedInAsParent(page);
  });

  test('CIE signs the parent in', async ({ page }) => {
    // Back with the code, Home's files are asked for while the code is exchanged, not after.
    const events: string[] = [];
    page.on('request', (r) => events.push(`asked ${new URL(r.url()).pathname}`));
    page.on('requestfinished', (r) => {
      if (new URL(r.url()).pathname === '/api/v4/utenti/cie/') events.push('signed in');
    });
    await signInWith(page, CIE, PARENT);
    await expectSignedInAsParent(page);
    const list = JSON.parse((await page.locator('#signed-in-files').textContent()) ?? '{}') as { routes: Record<string, string[]> };
    const home = events.indexOf(`asked /${list.routes['/home']![0]}`);
    expect(home).toBeGreaterThan(-1);
    expect(home).toBeLessThan(events.indexOf('signed in'));
  });

  test('a school without passwords: SPID and CIE only, and its parent gets in', async ({ page }) => {
    await page.goto('/login?scuola=DEMO02');
    await expect(page.getByText("La scuola consente l'accesso solo con SPID o CIE.")).toBeVisible();
    await expect(page.getByLabel('Codice utente')).toHaveCount(0);
    await signInWith(page, CIE, PARENT, '/login?scuola=DEMO02');
    await expectSignedInAsParent(page);
  });

  test('a tax code linked to no user says to contact the school office', async ({ page }) => {
    await signInWith(page, POSTE, NO_USER);
    await expect(page.getByRole('alert')).toHaveText(/non è associato a nessun utente della scuola: contatta la segreteria/);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a tax code linked to several users says so too', async ({ page }) => {
    await signInWith(page, CIE, SEVERAL_USERS);
    await expect(page.getByRole('alert')).toHaveText(/è associato a più utenti della scuola: contatta la segreteria/);
  });

  test('a first-cycle pupil is refused with the rule, by CIE, by SPID and by password', async ({ page }) => {
    const rule = /legge 182\/2025, art\. 51.*riservato ai genitori/;
    await signInWith(page, CIE, FIRST_CYCLE_PUPIL);
    await expect(page.getByRole('alert')).toHaveText(rule);
    await signInWith(page, POSTE, FIRST_CYCLE_PUPIL);
    await expect(page.getByRole('alert')).toHaveText(rule);
    await page.goto('/login');
    await page.getByLabel('Codice utente').fill('studente.giulia');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(rule);
    await expect(page).toHaveURL(/\/login/);
  });

  test('cancelling at the provider comes back to the sign-in page, for SPID and for CIE', async ({ page }) => {
    await signInWith(page, POSTE, null);
    await expect(page.getByRole('alert')).toHaveText('Accesso con SPID annullato');
    await expect(page).toHaveURL(/\/login$/);
    await signInWith(page, CIE, null);
    await expect(page.getByRole('alert')).toHaveText('Accesso con CIE annullato');
  });

  test('a used or unknown code is refused with the SPID message, and leaves the address', async ({ page }) => {
    await page.goto('/login?spid=codice-inventato');
    await expect(page.getByRole('alert')).toHaveText("Non è stato possibile effettuare l'accesso con SPID");
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a code that reaches another tab (a forwarded link) signs nobody in', async ({ page, context }) => {
    // The way back carries the code; this tab's own exchange is stopped, so the code stays unused.
    const back = page.waitForRequest((r) => r.isNavigationRequest() && /[?&]spid=/.test(r.url()));
    await page.route('**/api/v4/utenti/spid/', (route) => route.abort());
    await signInWith(page, POSTE, PARENT);
    const code = new URL((await back).url()).searchParams.get('spid');
    expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
    // Another tab has no verifier of this sign-in (it lives in the starting tab's session storage).
    const other = await context.newPage();
    await other.goto(`/login?spid=${code}`);
    await expect(other.getByRole('alert')).toHaveText("Non è stato possibile effettuare l'accesso con SPID");
    await expect(other).toHaveURL(/\/login$/);
  });

  test("the provider's page is accessible", async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entra con CIE' }).click();
    await expect(page.getByRole('group', { name: 'Codice fiscale' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
