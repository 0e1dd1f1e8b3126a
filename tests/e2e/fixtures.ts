import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { E2E_NOW } from '../../playwright.config';

export const DEMO_PASSWORD = 'Demo.2026!';

/**
 * Every request of a test, from its page and from its API client, names the test: faults it asks
 * the reference server for (POST /__test__/guasti) then apply to its own requests only, and tests
 * running side by side never meet each other's (tests/server-hooks).
 */
const SCOPE_HEADER = 'x-test-ambito';

export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    await page.clock.setFixedTime(new Date(E2E_NOW));
    await page.context().setExtraHTTPHeaders({ [SCOPE_HEADER]: testInfo.testId });
    await use(page);
  },
  request: async ({ playwright, baseURL }, use, testInfo) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { [SCOPE_HEADER]: testInfo.testId } });
    await use(request);
    await request.dispose();
  },
});
export { expect };

export async function signIn(page: Page, username = 'genitore.demo', password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Codice utente').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/\/home$/);
  // Home's own heading, inside the signed-in layout: the address changes before the page has loaded,
  // and the sign-in page's heading is still there meanwhile.
  await expect(page.locator('#contenuto').getByRole('heading', { level: 1 })).toBeVisible();
}

/**
 * Home of the student the session has open, after a sign-in or a switch: the top bar names them and
 * the page is drawn. (A family's Home shows every child, so its content does not say who is open.)
 */
export async function expectHomeOf(page: Page, name: string | RegExp) {
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('banner')).toContainText(name);
  await expect(page.locator('#contenuto').getByRole('heading', { level: 1 })).toBeVisible();
}

export interface DisposableAccount {
  username: string;
  password: string;
  id_utente: number;
  mastercom_id: number;
}

/**
 * A copy of a demo account (same name, same students, so the same data) that only this test signs
 * in with (tests/server-hooks/accounts.ts). Signing out ends every session of the user, and a
 * password change every other one: a test that does either on a shared demo account would sign out
 * the tests running beside it, so it signs in with one of these instead.
 */
export async function disposableAccount(request: APIRequestContext, modello = 'genitore.demo'): Promise<DisposableAccount> {
  const res = await request.post('/__test__/utenti', { data: { modello } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as DisposableAccount;
}

/** WCAG 2.1 A and AA rules only: what the portal promises. */
/**
 * Every element the locator finds, once at least one is there: a check made on each of them must
 * not pass because there were none.
 */
export async function everyOf(locator: Locator): Promise<Locator[]> {
  await expect(locator.first()).toBeAttached();
  return locator.all();
}

export async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
