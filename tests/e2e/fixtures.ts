import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { E2E_NOW } from '../../playwright.config';

/** The tag of a test that runs in the full browser, not the headless shell (playwright.config.ts). */
export { FULL_BROWSER } from '../../playwright.config';

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
    // A test's route handlers may still be answering the page's background reads (the Novità badge,
    // a family's other child) when it ends: what they meet then is nobody's error.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  },
  request: async ({ playwright, baseURL }, use, testInfo) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { [SCOPE_HEADER]: testInfo.testId } });
    await use(request);
    await request.dispose();
  },
});
export { expect };

/** The session the portal keeps in its tab (src/runtime.ts), and the school the demo accounts sign in at. */
const SESSION_KEY = 'portale-famiglie.session';
const DEMO_SCHOOL = 'DEMO01';

/**
 * Per worker, each demo user's session as the portal saved it after that user's first sign-in
 * through the form. The user's later sign-ins in the worker open a session of their own on the
 * server (the sign-in call, so a fresh token) and start the tab from it, the way a reload of a
 * signed-in tab starts: the form, Home and a second boot are not paid again by every test. The
 * form itself is what the sign-in suites test (session, login, identity, password).
 */
const savedSessions = new Map<string, Record<string, unknown>>();
/** The seeded demo users (server/db/seed): a disposable account is never signed in again by another test. */
const DEMO_USERS = new Set(['genitore.demo', 'genitore.bianchi', 'studente.demo']);

async function signInWithTheForm(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Codice utente').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/\/home$/);
  // Home's own heading, inside the signed-in layout: the address changes before the page has loaded,
  // and the sign-in page's heading is still there meanwhile.
  await expect(page.locator('#contenuto').getByRole('heading', { level: 1 })).toBeVisible();
}

/** A session of its own for this tab, started from the user's saved one; false when the server refuses it. */
async function startFromSaved(page: Page, saved: Record<string, unknown>, username: string, password: string): Promise<boolean> {
  const res = await page.request.post('/api/v4/utenti/login/', { data: { mastercom: DEMO_SCHOOL, utente: username, password } });
  if (res.status() !== 200) return false;
  const { token } = (await res.json()) as { token: string };
  // Any page of the portal's origin that does not start the app: the tab's storage is the origin's.
  await page.goto('/version.txt');
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [SESSION_KEY, JSON.stringify({ ...saved, token })] as const);
  return true;
}

/**
 * Signed in as `username`, on `to` (Home by default: its heading drawn; null: no page of the portal
 * opened yet, when the test opens its own). A disposable account signs in with the form every time;
 * a demo user with it once per worker (see `savedSessions`).
 */
export async function signIn(page: Page, username = 'genitore.demo', password = DEMO_PASSWORD, to: string | null = '/home') {
  const saved = savedSessions.get(username);
  if (!saved || !(await startFromSaved(page, saved, username, password))) {
    await signInWithTheForm(page, username, password);
    const raw = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);
    if (raw && DEMO_USERS.has(username)) savedSessions.set(username, JSON.parse(raw) as Record<string, unknown>);
    if (to === '/home' || to === null) return;
  }
  if (to === null) return;
  await page.goto(to);
  if (to !== '/home') return;
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.locator('#contenuto').getByRole('heading', { level: 1 })).toBeVisible();
}

/** Signed in as a demo user (`genitore.demo` unless told), with `to` opened. */
export const openSignedIn = (page: Page, to: string, username = 'genitore.demo') => signIn(page, username, DEMO_PASSWORD, to);

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

/**
 * Every element the locator finds, once at least one is there: a check made on each of them must
 * not pass because there were none.
 */
export async function everyOf(locator: Locator): Promise<Locator[]> {
  await expect(locator.first()).toBeAttached();
  return locator.all();
}

/**
 * WCAG 2.1 A and AA rules only: what the portal promises. Run in the page itself (axe's legacy mode:
 * the portal's pages have no cross-origin frames, so the mode that opens a blank page per check to
 * merge the frames' results has nothing to merge), and with the nodes of violations only: axe then
 * builds no selector for the thousands of nodes that pass. Half the time of a check, same findings.
 */
export async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
