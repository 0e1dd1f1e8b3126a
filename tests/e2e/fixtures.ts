import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { E2E_NOW } from '../../playwright.config';

export const DEMO_PASSWORD = 'Demo.2026!';

export const test = base.extend({
  page: async ({ page }, use) => {
    await page.clock.setFixedTime(new Date(E2E_NOW));
    await use(page);
  },
});
export { expect };

export async function signIn(page: Page, username = 'genitore.demo', password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Codice utente').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** WCAG 2.1 A and AA rules only: what the portal promises. */
export async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
