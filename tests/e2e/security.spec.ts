import type { Page, Request, Route } from '@playwright/test';
import { SECTIONS } from '../../src/domain/services';
import { test, expect, signIn, disposableAccount } from './fixtures';

/**
 * The browser side of the security promises (README "Security"): the Content-Security-Policy holds
 * on every screen without breaking one, the app answers a failed token verification, and a burst
 * of expired-token failures costs one refresh.
 */

/** Every CSP violation the page reports (the event fires for blocked and report-only alike). */
async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`));
  });
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  return async () => [...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])), ...console];
}

test.describe('security in the browser', () => {
  test('every route loads with the Content-Security-Policy on and none reports a violation', async ({ page, request }) => {
    test.setTimeout(120_000);
    const violations = await recordCspViolations(page);
    const all: string[] = [];

    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
    const policy = (await request.get('/login')).headers()['content-security-policy'] ?? '';
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    await signIn(page);
    // Marco has every service (the messenger of VERSIONE_2): every section of the sidebar opens.
    for (const { path } of SECTIONS.filter((s) => s.path !== '/comunicazioni')) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      all.push(...(await violations()).map((v) => `${path}: ${v}`));
    }
    for (const path of ['/anteprima_pagelle', '/pagina-che-non-esiste', '/mobile/estratto-conto']) {
      await page.goto(path);
      await expect(page.locator('#app')).not.toBeEmpty();
      all.push(...(await violations()).map((v) => `${path}: ${v}`));
    }
    expect(all).toEqual([]);
  });

  test('a failed token verification re-validates the session once; a refused session signs out cleanly', async ({ page, request }) => {
    // The test signs the user out from the outside, which ends every session of the user: an account of its own.
    const account = await disposableAccount(request);
    await signIn(page, account.username, account.password);
    const validation = new RegExp(`/api/v4/utenti/${account.id_utente}/$`);
    const validations: Request[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && validation.test(new URL(r.url()).pathname)) validations.push(r);
    });
    const raise = (times: number) =>
      page.evaluate((n) => {
        for (let i = 0; i < n; i++) window.dispatchEvent(new CustomEvent('portale:token-verification-failed'));
      }, times);

    // Three events at once (a burst of failed calls): one validation, and the session goes on.
    const validated = page.waitForResponse((r) => validation.test(new URL(r.url()).pathname));
    await raise(3);
    expect((await validated).status()).toBe(200);
    await expect(page).toHaveURL(/\/home$/);
    expect(validations).toHaveLength(1);
    const renewed = await page.evaluate(() => JSON.parse(sessionStorage.getItem('portale-famiglie.session')!).token as string);

    // The server ends the session (signed out elsewhere with this very session): the next event signs out.
    // Meanwhile the screen's own reads wait, so that the event's validation is what finds the session
    // ended (a read refused first would sign out through its refresh instead).
    const held: Route[] = [];
    await page.route('**/api/v3/**', (route) => void held.push(route));
    expect((await request.post('/api/v4/utenti/logout/', { headers: { Authorization: `JWT ${renewed}` } })).status()).toBe(204);
    await raise(1);
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('alert')).toContainText(/sessione è scaduta/i);
    expect(validations).toHaveLength(2);
    expect(await page.evaluate(() => sessionStorage.getItem('portale-famiglie.session'))).toBeNull();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test("every call of a screen failing with 401 at once costs exactly one refresh, and each succeeds after it", async ({ page }) => {
    await signIn(page);
    // A fresh page on another screen: Home's calls are not cached in it, so opening Home sends them all at once.
    await page.goto('/voti');
    await expect(page.locator('#contenuto').getByRole('heading', { level: 1 })).toBeVisible();
    // The sidebar's Novità badge reads every child's sections once the page is idle: let it finish,
    // so that what goes out with the stale token below is Home's calls.
    await expect(page.locator('#menu-principale').getByTestId('conteggio-novita')).toBeVisible({ timeout: 15_000 });
    const stale = await page.evaluate(() => JSON.parse(sessionStorage.getItem('portale-famiglie.session')!).token as string);
    const refreshes: string[] = [];
    page.on('request', (r) => {
      if (/\/refresh-token\/$/.test(r.url())) refreshes.push(r.url());
    });
    // The token expires for the server: every call still carrying it is answered 401.
    const refused = new Set<string>();
    const answered = new Set<string>();
    await page.route('**/api/v3/**', async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (route.request().headers()['authorization'] === `JWT ${stale}`) {
        refused.add(path);
        return route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ detail: 'Sessione scaduta', error: 'unauthorized' }) });
      }
      const response = await route.fetch();
      if (response.status() === 200) answered.add(path);
      return route.fulfill({ response });
    });
    await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator('#contenuto').getByRole('heading', { level: 1 })).toBeVisible();
    // Home's calls went out together and were all refused (its heading may be drawn before they
    // leave, so wait for them), then each was answered after the one refresh that served them all.
    await expect.poll(() => refused.size).toBeGreaterThanOrEqual(5);
    await expect.poll(() => [...refused].filter((path) => !answered.has(path))).toEqual([]);
    expect(refreshes).toHaveLength(1);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    // The session carries the new token, and the screen is still there.
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('portale-famiglie.session')!).token as string)).not.toBe(stale);
    await expect(page).toHaveURL(/\/home$/);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
