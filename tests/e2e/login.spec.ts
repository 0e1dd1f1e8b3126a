import { test, expect, expectNoAxeViolations } from './fixtures';
import { SPID_PROVIDERS } from '../../src/domain/identityProviders';

/**
 * The sign-in page by the school's settings (law 182/2025: SPID and CIE are the ways in, the
 * user-code form only where the school keeps it). The trip to the identity providers and back is
 * not followed here: only the page and its parts.
 */
test.describe('sign-in page', () => {
  test("the default school's page offers SPID, CIE and the user-code form", async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entra con SPID' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entra con CIE' })).toBeVisible();
    await expect(page.getByText('oppure', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Codice utente')).toBeVisible();
    await expect(page.getByText("La scuola consente l'accesso solo con SPID o CIE.")).toHaveCount(0);
  });

  test("Home's files are asked for once a parent starts typing, not while the page only shows, and serve the sign-in", async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.goto('/login');
    await expect(page.getByLabel('Codice utente')).toBeVisible();
    const list = JSON.parse((await page.locator('#signed-in-files').textContent()) ?? '{}') as { common: string[]; routes: Record<string, string[]> };
    const homeFiles = [...list.common, ...list.routes['/home']!].map((f) => `/${f}`);
    // A while with the page shown and idle: nothing of the signed-in area.
    await page.waitForLoadState('networkidle');
    expect(asked.filter((p) => homeFiles.includes(p))).toEqual([]);

    await page.getByLabel('Codice utente').focus();
    await expect.poll(() => homeFiles.filter((f) => !asked.includes(f))).toEqual([]);
    // Signed in, Home is drawn from them: none is asked for a second time.
    const before = asked.length;
    await page.getByLabel('Codice utente').fill('genitore.bianchi');
    await page.getByLabel('Password', { exact: true }).fill('Demo.2026!');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Bianchi/i);
    expect(asked.slice(before).filter((p) => homeFiles.includes(p))).toEqual([]);
  });

  test('a school without passwords offers SPID and CIE only, and says so', async ({ page }) => {
    await page.goto('/login?scuola=DEMO02');
    await expect(page.getByText('Istituto Comprensivo Manzoni - Demo')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entra con SPID' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entra con CIE' })).toBeVisible();
    await expect(page.getByText("La scuola consente l'accesso solo con SPID o CIE.")).toBeVisible();
    await expect(page.getByLabel('Codice utente')).toHaveCount(0);
    await expect(page.getByText('oppure', { exact: true })).toHaveCount(0);
  });

  test('the SPID chooser opens with the keyboard, lists the 12 providers and closes with Escape', async ({ page }) => {
    await page.goto('/login');
    const spid = page.getByRole('button', { name: 'Entra con SPID' });
    await spid.focus();
    await page.keyboard.press('Enter');
    await expect(spid).toHaveAttribute('aria-expanded', 'true');
    const providers = page.getByRole('list', { name: 'Gestori di identità SPID' }).getByRole('button');
    await expect(providers).toHaveCount(12);
    for (const { name } of SPID_PROVIDERS) await expect(page.getByRole('button', { name: `Accedi con ${name}` })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(providers.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(providers.nth(1)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(spid).toHaveAttribute('aria-expanded', 'false');
    await expect(spid).toBeFocused();
    await expect(providers.first()).toBeHidden();
  });

  for (const width of [360, 1280]) {
    test(`no WCAG 2.1 A/AA violation with the SPID chooser open at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
      await page.goto('/login');
      const spid = page.getByRole('button', { name: 'Entra con SPID' });
      await spid.click();
      await expect(page.getByRole('button', { name: 'Accedi con Poste ID' })).toBeVisible();
      // At least 44 px tall, as wide as the form (the whole panel), and within the screen.
      const box = (await spid.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeCloseTo((await page.getByRole('button', { name: 'Accedi', exact: true }).boundingBox())!.width, 0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoAxeViolations(page);
    });
  }

  test('no WCAG 2.1 A/AA violation on the page of a school without passwords', async ({ page }) => {
    await page.goto('/login?scuola=DEMO02');
    await expect(page.getByText("La scuola consente l'accesso solo con SPID o CIE.")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('back from a cancelled SPID or a failed CIE sign-in, the page says so', async ({ page }) => {
    await page.goto('/login?spid_errore=annullato');
    await expect(page.getByRole('alert')).toHaveText('Accesso con SPID annullato');
    await page.goto('/login?cie_errore=fallito');
    await expect(page.getByRole('alert')).toHaveText("Non è stato possibile effettuare l'accesso con CIE");
  });
});
