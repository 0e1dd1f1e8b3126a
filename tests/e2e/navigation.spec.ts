import type { Page } from '@playwright/test';
import { test, expect, signIn, openSignedIn, expectNoAxeViolations, expectHomeOf } from './fixtures';
import { CONDITIONAL, DISABLED_FOR, NO_SIGN_IN, PROTECTED, REFACTOR_ONLY, SIGN_IN_ONLY } from './routes';

const DISABLED_ALERT = 'Questa sezione è stata temporanemante disabilitata da parte della scuola';

const main = (page: Page) => page.getByRole('main');
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Menu principale' });

/** An allowed route: its own address, inside the layout, with a screen of its own (never blank, never not found). */
async function expectScreen(page: Page, path: string) {
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(sidebar(page)).toBeVisible();
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Pagina non trovata')).toHaveCount(0);
  await expect(main(page).getByText(DISABLED_ALERT)).toHaveCount(0);
}

async function expectDisabled(page: Page) {
  await expect(page).toHaveURL(/\/home(\?.*)?$/);
  await expect(main(page).getByRole('status').filter({ hasText: DISABLED_ALERT })).toBeVisible();
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
}

async function switchToGiulia(page: Page) {
  await page.getByRole('button', { name: /Cambia studente o anno scolastico/ }).click();
  await page.getByRole('menuitem', { name: /Giulia Rossi/ }).click();
  await expectHomeOf(page, 'Giulia Rossi');
}

/** Visits every route; axe runs where `axe` says. */
async function visitAll(page: Page, who: keyof typeof DISABLED_FOR, axe: (path: string) => boolean) {
  const disabled: readonly string[] = DISABLED_FOR[who];
  for (const path of [...SIGN_IN_ONLY, ...CONDITIONAL]) {
    await test.step(`${who}: ${path}`, async () => {
      await page.goto(path);
      if (disabled.includes(path)) await expectDisabled(page);
      else await expectScreen(page, path);
      if (axe(path)) await expectNoAxeViolations(page);
    });
  }
}

test.describe('access classes', () => {
  test('Marco (every service, messenger v2): every route in its class', async ({ page }) => {
    test.setTimeout(360_000);
    await signIn(page);
    await expectHomeOf(page, 'Marco Rossi');
    await visitAll(page, 'marco', () => true);
    // The sidebar offers the v2 messenger and notice board, not v1's communications.
    await page.goto('/home');
    await expect(sidebar(page).getByRole('link', { name: /^Messaggi/ })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: /^Bacheca/ })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: /^Comunicazioni/ })).toHaveCount(0);
  });

  test('Giulia (no alternanza, elezioni, mense; messenger v1), opened from the student menu', async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page);
    await switchToGiulia(page);
    // Axe once per screen that differs from Marco's: v1 communications and a disabled section's alert.
    await visitAll(page, 'giulia', (path) => path === '/comunicazioni' || path === '/mense');
    await page.goto('/home');
    for (const name of [/^Comunicazioni/]) await expect(sidebar(page).getByRole('link', { name })).toBeVisible();
    for (const name of [/^Messaggi/, /^Bacheca/, /^Alternanza/, /^Elezioni/, /^Mensa/]) {
      await expect(sidebar(page).getByRole('link', { name })).toHaveCount(0);
    }
  });

  test('the report-card preview needs a sign-in and sits outside the layout', async ({ page }) => {
    await page.goto('/anteprima_pagelle');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fanteprima_pagelle/);
    await openSignedIn(page, '/anteprima_pagelle');
    await expect(page).toHaveURL(/\/anteprima_pagelle/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
    await expect(page.getByText('Pagina non trovata')).toHaveCount(0);
  });

  test('signed out, every protected route goes to /login', async ({ page }) => {
    test.setTimeout(120_000);
    for (const path of PROTECTED) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(path)}$`));
        await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
      });
    }
  });

  test('the mobile pages never ask for a sign-in', async ({ page }) => {
    for (const path of NO_SIGN_IN) {
      await page.goto(path);
      await expect(page).not.toHaveURL(/\/login/);
      await expect(page.locator('body')).not.toBeEmpty();
    }
  });

  test('unknown paths, and the refactor routes without their build flag, show the not-found page', async ({ page }) => {
    for (const path of ['/pagina-che-non-esiste', '/voti/altro', '/home/x/y', ...REFACTOR_ONLY]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
      await expect(page.getByText('La pagina che hai cercato non esiste')).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await openSignedIn(page, '/sezione-inventata');
    await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toBeVisible();
  });
});

test.describe('navigation state', () => {
  test('each navigation is saved under one key; opening a section clears the date filter', async ({ page }) => {
    await signIn(page);
    const stored = () =>
      page.evaluate(() => ({
        nav: JSON.parse(sessionStorage.getItem('portale-famiglie.navigazione') ?? 'null') as { path: string; scope: { id_studente: number } } | null,
        filter: sessionStorage.getItem('portale-famiglie.filtro-date'),
      }));
    // Saved by the signed-in area's guard, which runs once the address has changed: read until it has.
    await expect.poll(async () => (await stored()).nav).toMatchObject({ path: '/home', scope: { id_studente: 501 } });
    const filter = JSON.stringify({ choice: { kind: 'quick', filter: 'today' }, from: '2026-11-20', to: '2026-11-20' });
    await page.evaluate((f) => sessionStorage.setItem('portale-famiglie.filtro-date', f), filter);
    // A sign-in-only page keeps it…
    await sidebar(page).getByRole('link', { name: /^Agenzia delle Entrate/ }).click();
    await expect(page).toHaveURL(/\/agenzia-entrate$/);
    await expect.poll(stored).toMatchObject({ nav: { path: '/agenzia-entrate' }, filter });
    // …a section with a service starts without it.
    await sidebar(page).getByRole('link', { name: /^Voti/ }).click();
    await expect(page).toHaveURL(/\/voti$/);
    await expect.poll(stored).toMatchObject({ nav: { path: '/voti' }, filter: null });
    // A disabled section is not "allowed": the user lands on Home and that is what is saved.
    await page.goto('/comunicazioni');
    await expectDisabled(page);
    await expect.poll(async () => (await stored()).nav).toMatchObject({ path: '/home' });
  });
});

test.describe('sidebar', () => {
  test('minimises to initials with full names, repeats resize events, expands back', async ({ page }) => {
    await signIn(page);
    await page.evaluate(() => {
      (window as unknown as { resizes: number[] }).resizes = [];
      const t0 = performance.now();
      // Only the portal's own events: a scrollbar that comes or goes resizes the window for real.
      window.addEventListener('resize', (e) => {
        if (!e.isTrusted) (window as unknown as { resizes: number[] }).resizes.push(performance.now() - t0);
      });
    });
    const toggle = sidebar(page).getByRole('button', { name: 'Menu laterale' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Every 180 ms for up to 1 s: five events, then none.
    await page.waitForTimeout(1600);
    const resizes = await page.evaluate(() => (window as unknown as { resizes: number[] }).resizes);
    expect(resizes).toHaveLength(5);
    const gaps = resizes.slice(1).map((t, i) => t - resizes[i]!);
    for (const gap of gaps) expect(gap).toBeGreaterThan(120);
    // Initials show, the full name stays the link's name.
    const voti = sidebar(page).getByRole('link', { name: /^Voti/ });
    await expect(voti).toBeVisible();
    await expect(voti).toHaveAttribute('title', 'Voti');
    await expect(sidebar(page).getByRole('link', { name: /^Note disciplinari/ })).toContainText('ND');
    await expectNoAxeViolations(page);
    await voti.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/voti$/);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar(page).getByRole('heading', { name: 'Didattica' })).toBeVisible();
  });

  test('on a phone: the menu button opens the sidebar, Escape closes it and returns focus', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page);
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(sidebar(page)).toBeHidden();
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar(page)).toBeVisible();
    await expect(sidebar(page).getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(sidebar(page)).toBeHidden();
    await expect(menu).toBeFocused();
    await page.keyboard.press('Enter');
    await sidebar(page).getByRole('link', { name: /^Assenze/ }).click();
    await expect(page).toHaveURL(/\/assenze$/);
    await expect(sidebar(page)).toBeHidden();
    await expectNoAxeViolations(page);
  });
});
