import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Locator, type Page } from '@playwright/test';
import { test, expect, signIn, openSignedIn, expectNoAxeViolations } from './fixtures';
import { CHROMIUM } from '../../playwright.config';

/**
 * The portal held in one hand (README "On a phone"): a one-row top bar at 360 and 390 px, its menus
 * by keyboard and by touch, the language inside the user menu, the theme switch, and the manifest
 * that makes it installable.
 */

const header = (page: Page) => page.getByRole('banner');
const userMenu = (page: Page) => page.getByRole('button', { name: /Menu utente|User menu/ });
const menuToggle = (page: Page) => header(page).getByRole('button', { name: 'Menu', exact: true });
const studentMenu = (page: Page) => page.getByRole('button', { name: /Cambia studente o anno scolastico/ });

/**
 * Where a visible element is drawn. The top bar's menus swap their plain button for the real one
 * when their code arrives (ui/Menu.tsx): an element measured just as it left is measured again.
 */
async function box(locator: Locator) {
  let b = null;
  await expect(async () => {
    await expect(locator).toBeVisible();
    b = await locator.boundingBox();
    expect(b, 'not visible').not.toBeNull();
  }).toPass({ timeout: 5_000 });
  return b!;
}

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const LIGHT_BACKGROUND = 'rgb(242, 244, 247)';
const DARK_BACKGROUND = 'rgb(15, 22, 30)';

for (const viewport of [
  { width: 360, height: 780 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px the top bar is one row of 44 px controls, at most 64 px tall`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page);
    const bar = await box(header(page));
    expect(bar.height).toBeLessThanOrEqual(64);
    const controls = [menuToggle(page), studentMenu(page), userMenu(page)];
    for (const control of controls) {
      const b = await box(control);
      expect(b.height).toBeGreaterThanOrEqual(44);
      expect(b.width).toBeGreaterThanOrEqual(44);
      // Inside the bar, side by side: one row.
      expect(b.y).toBeGreaterThanOrEqual(bar.y);
      expect(b.y + b.height).toBeLessThanOrEqual(bar.y + bar.height);
    }
    const [toggle, student, user] = await Promise.all(controls.map(box));
    expect(toggle!.x + toggle!.width).toBeLessThanOrEqual(student!.x);
    expect(student!.x + student!.width).toBeLessThanOrEqual(user!.x);
    // The student's name and class both show; the language waits in the user menu.
    await expect(studentMenu(page)).toContainText('Marco Rossi');
    await expect(studentMenu(page)).toContainText('3A');
    await expect(header(page).getByRole('group', { name: 'Lingua' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('the user menu opens with the keyboard and changes the language from inside', async ({ page }) => {
    await signIn(page);
    await userMenu(page).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeFocused();
    const language = menu.getByRole('group', { name: 'Lingua' });
    await expect(language.getByRole('menuitemradio', { name: 'Italiano' })).toHaveAttribute('aria-checked', 'true');
    await expect(language.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'false');
    // Arrows walk the items (Ark keeps focus on the list and marks the active one) until English.
    for (let i = 0; i < 10; i++) {
      if ((await language.getByRole('menuitemradio', { name: 'English' }).getAttribute('data-highlighted')) !== null) break;
      await page.keyboard.press('ArrowDown');
    }
    await expect(language.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('data-highlighted');
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await expect(userMenu(page)).toBeFocused();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // Space opens it too; Escape closes it and gives the focus back.
    await page.keyboard.press('Space');
    await expect(page.getByRole('menu').getByRole('group', { name: 'Language' }).getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    // The opened menu takes the keyboard (a person reads it before pressing a key).
    await expect(page.getByRole('menu')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(userMenu(page)).toBeFocused();
  });

});

test.describe('by touch on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });

  test('the user menu and the theme switch, kept across a reload and applied before the page renders', async ({ page }) => {
    await signIn(page);
    await expect.poll(() => background(page)).toBe(LIGHT_BACKGROUND);
    await userMenu(page).tap();
    const theme = page.getByRole('menu').getByRole('group', { name: 'Tema' });
    await expect(theme.getByRole('menuitemradio', { name: 'Automatico' })).toHaveAttribute('aria-checked', 'true');
    await theme.getByRole('menuitemradio', { name: 'Scuro' }).tap();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect.poll(() => background(page)).toBe(DARK_BACKGROUND);
    await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute('content', '#18222d');

    // After a reload the attribute is there when the document is parsed, before the app renders.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { themeAtParse: string | null }).themeAtParse = document.documentElement.getAttribute('data-theme');
      });
    });
    await page.reload();
    await expect(page.locator('#contenuto').getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { themeAtParse: string | null }).themeAtParse)).toBe('dark');
    await expect.poll(() => background(page)).toBe(DARK_BACKGROUND);

    // Light wins over a device that prefers dark; automatic follows the device again.
    await page.emulateMedia({ colorScheme: 'dark' });
    await userMenu(page).tap();
    await expect(page.getByRole('menuitemradio', { name: 'Scuro' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('menuitemradio', { name: 'Chiaro' }).tap();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect.poll(() => background(page)).toBe(LIGHT_BACKGROUND);
    await userMenu(page).tap();
    await page.getByRole('menuitemradio', { name: 'Automatico' }).tap();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.*/);
    await expect.poll(() => background(page)).toBe(DARK_BACKGROUND);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => background(page)).toBe(LIGHT_BACKGROUND);
  });
});

test.describe('on a 360 px phone, light and dark', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('the menus and the top bar pass axe, light and dark', async ({ page }) => {
    // Six axe passes: longer than the default 30 s on a busy machine.
    test.slow();
    await signIn(page);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page);
      await userMenu(page).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await menuToggle(page).click();
      await expect(page.getByRole('navigation', { name: 'Menu principale' })).toBeVisible();
      await expectNoAxeViolations(page);
      await menuToggle(page).click();
    }
  });
});

test.describe('on a 360 px phone, the folded menu', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('is drawn once the page is and the browser idle, and opens at once with its entries and the focus in it before that', async ({ page }) => {
    await signIn(page, 'genitore.demo', undefined, null);
    // A browser that is never idle: the page drawn, the folded menu not yet.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    await page.goto('/home');
    await expect(page.locator('#contenuto').getByRole('heading', { level: 1 })).toBeVisible();
    const entries = page.locator('#menu-principale-voci a');
    await expect(entries).toHaveCount(0);
    await menuToggle(page).click();
    await expect(page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: /^Voti/ })).toBeVisible();
    await expect(entries.first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menuToggle(page)).toBeFocused();

    // A browser that gets idle: there they are, ready for a tap, without opening.
    await page.addInitScript(() => {
      window.requestIdleCallback = (done: IdleRequestCallback) => window.setTimeout(() => done({ didTimeout: false, timeRemaining: () => 50 }), 0);
    });
    await page.reload();
    await expect(page.locator('#contenuto').getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => entries.count()).toBeGreaterThan(5);
  });
});

test('on a desktop the top bar keeps the language buttons, and the user menu has the theme only', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  await expect(header(page).getByRole('group', { name: 'Lingua' }).getByRole('button', { name: 'English' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Portale Famiglie' })).toBeVisible();
  await expect(header(page)).toContainText('Laura Rossi');
  await userMenu(page).click();
  await expect(page.getByRole('menu').getByRole('group', { name: 'Tema' })).toBeVisible();
  await expect(page.getByRole('menu').getByRole('group', { name: 'Lingua' })).toHaveCount(0);
});

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

interface Manifest {
  start_url: string;
  description?: string;
  display: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
  shortcuts?: { name: string; url: string }[];
}

test.describe('installable like an app', () => {
  test('the manifest: PNG icons of the sizes it says, a maskable one, shortcuts, a description', async ({ page, request }) => {
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await request.get(href!)).json()) as Manifest;
    expect(manifest.start_url).toBe('/');
    expect(manifest.display).toBe('standalone');
    expect(manifest.description).toBeTruthy();
    const pngs = manifest.icons.filter((i) => i.type === 'image/png');
    for (const icon of pngs) {
      const res = await request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
      expect(pngSize(await res.body()), icon.src).toBe(icon.sizes);
    }
    expect(pngs.filter((i) => (i.purpose ?? 'any').split(' ').includes('any')).map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(pngs.some((i) => i.purpose?.split(' ').includes('maskable'))).toBe(true);
    expect(manifest.shortcuts?.map((s) => [s.name, s.url])).toEqual([
      ['Novità', '/novita'],
      ['Voti', '/voti'],
      ['Compiti', '/compiti'],
      ['Assenze', '/assenze'],
    ]);
    const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    const appleIcon = await request.get(apple!);
    expect(appleIcon.status()).toBe(200);
    expect(pngSize(await appleIcon.body())).toBe('180x180');
    await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveCount(1);
  });

  test('the browser reports it installable', async ({ baseURL }) => {
    // Not in an off-the-record context (Chromium never offers to install from one): a profile of its own.
    const profile = mkdtempSync(join(tmpdir(), 'portale-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu'],
      baseURL,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
      const cdp = await context.newCDPSession(page);
      await expect
        .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors.map((e) => e.errorId))
        .toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('the start address opens the sign-in page, or Home when the tab is signed in', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login(\?redirect=%2Fhome)?$/);
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
    await openSignedIn(page, '/');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator('#contenuto').getByRole('heading', { level: 1 })).toBeVisible();
  });
});
