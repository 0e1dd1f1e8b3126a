import type { Page } from '@playwright/test';
import { test, expect, signIn, disposableAccount, expectNoAxeViolations, DEMO_PASSWORD } from './fixtures';

const NEW_PASSWORD = 'Nuova.Password7';

async function openDialog(page: Page) {
  await page.getByRole('button', { name: /Menu utente/ }).click();
  await page.getByRole('menuitem', { name: 'Cambia password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cambia password' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fill(page: Page, current: string, next: string, confirmation: string) {
  await page.getByLabel('Password attuale').fill(current);
  await page.getByLabel('Nuova password', { exact: true }).fill(next);
  await page.getByLabel('Conferma nuova password').fill(confirmation);
}

const submit = (page: Page) => page.getByRole('button', { name: 'Salva la nuova password' });

test.describe('change password', () => {
  test('submit stays disabled until all three fields are filled and the new password differs', async ({ page }) => {
    await signIn(page);
    await openDialog(page);
    await expect(submit(page)).toBeDisabled();
    await fill(page, DEMO_PASSWORD, NEW_PASSWORD, '');
    await expect(submit(page)).toBeDisabled();
    await fill(page, DEMO_PASSWORD, DEMO_PASSWORD, DEMO_PASSWORD);
    await expect(submit(page)).toBeDisabled();
    await expect(page.getByText('La nuova password deve essere diversa da quella attuale.')).toBeVisible();
    await fill(page, DEMO_PASSWORD, NEW_PASSWORD, NEW_PASSWORD);
    await expect(submit(page)).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  test('a confirmation that differs is refused without calling the server', async ({ page }) => {
    await signIn(page);
    let calls = 0;
    await page.route('**/aggiorna_password', (route) => {
      calls += 1;
      return route.continue();
    });
    await openDialog(page);
    await fill(page, DEMO_PASSWORD, NEW_PASSWORD, 'Nuova.Password8');
    await submit(page).click();
    await expect(page.getByRole('alert')).toHaveText('Attenzione, la nuova password non coincide con quella di conferma');
    expect(calls).toBe(0);
    await expect(page.getByLabel('Conferma nuova password')).toHaveValue('Nuova.Password8');
    await expectNoAxeViolations(page);
  });

  test('a wrong current password says so and keeps what was typed', async ({ page, request }) => {
    // A wrong guess counts against the user's attempts: not those of a shared demo account.
    const account = await disposableAccount(request);
    await signIn(page, account.username, account.password);
    await openDialog(page);
    await fill(page, 'Sbagliata.1', NEW_PASSWORD, NEW_PASSWORD);
    await submit(page).click();
    await expect(page.getByRole('alert')).toHaveText('Attenzione, controlla che la password corrente sia corretta');
    await expect(page.getByLabel('Password attuale')).toHaveValue('Sbagliata.1');
    await expect(page.getByLabel('Nuova password', { exact: true })).toHaveValue(NEW_PASSWORD);
    await expect(page.getByLabel('Conferma nuova password')).toHaveValue(NEW_PASSWORD);
    await expectNoAxeViolations(page);
  });

  test('the show/hide switch shows and hides the three fields', async ({ page }) => {
    await signIn(page);
    await openDialog(page);
    const fields = [page.getByLabel('Password attuale'), page.getByLabel('Nuova password', { exact: true }), page.getByLabel('Conferma nuova password')];
    for (const f of fields) await expect(f).toHaveAttribute('type', 'password');
    await page.getByRole('switch', { name: 'Mostra le password' }).check();
    for (const f of fields) await expect(f).toHaveAttribute('type', 'text');
    await page.getByRole('switch', { name: 'Mostra le password' }).uncheck();
    for (const f of fields) await expect(f).toHaveAttribute('type', 'password');
  });

  test('changes the password with the keyboard alone, once for a double click; the new one signs in', async ({ page, request }) => {
    // A password change ends the user's other sessions, and so does signing out: an account of this test's own.
    const account = await disposableAccount(request, 'studente.demo');
    await signIn(page, account.username, account.password);
    let calls = 0;
    await page.route('**/aggiorna_password', async (route) => {
      calls += 1;
      await route.continue();
    });
    await page.getByRole('button', { name: /Menu utente/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Cambia password' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Cambia password' })).toHaveAttribute('data-highlighted', '');
    // The keyboard moves into the menu a frame after it shows (later on a busy machine): Enter from there.
    await expect.poll(() => page.getByRole('menu').evaluate((m) => m.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Cambia password' })).toBeVisible();
    await expect(page.getByLabel('Password attuale')).toBeFocused();
    await page.keyboard.type(account.password);
    await page.keyboard.press('Tab');
    await page.keyboard.type(NEW_PASSWORD);
    await page.keyboard.press('Tab');
    await page.keyboard.type(NEW_PASSWORD);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(page.getByLabel('Password attuale')).toHaveAttribute('type', 'text');
    await submit(page).dblclick();
    await expect(page.getByRole('status').filter({ hasText: 'Password modificata con successo' })).toBeVisible();
    expect(calls).toBe(1);
    await expect(page.getByRole('button', { name: 'Chiudi' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Sign out, then only the new password signs in.
    await page.getByRole('button', { name: /Menu utente/ }).click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Codice utente').fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByRole('alert')).toHaveText('Codice utente e/o password non validi');
    await signIn(page, account.username, NEW_PASSWORD);
  });
});

test.describe('enrolment portal', () => {
  test('opens in a new tab with a single-use hand-over code posted to the school, never the token nor a URL', async ({ page, context, request }) => {
    await signIn(page);
    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('portale-famiglie.session')!).token as string);
    const urlScuola = await page.evaluate(() => JSON.parse(sessionStorage.getItem('portale-famiglie.session')!).urlScuola as string);
    expect(urlScuola).toMatch(/^https:\/\//);
    const received: Array<{ method: string; url: string; body: string | null }> = [];
    await context.route(`${urlScuola}/portale-iscrizioni/**`, async (route) => {
      const req = route.request();
      received.push({ method: req.method(), url: req.url(), body: req.postData() });
      await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Portale iscrizioni</title><h1>Iscrizioni</h1>' });
    });
    await page.getByRole('button', { name: /Menu utente/ }).click();
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('menuitem', { name: /Portale iscrizioni.*nuova scheda/ }).click(),
    ]);
    await tab.waitForLoadState();
    expect(received).toHaveLength(1);
    expect(received[0]!.method).toBe('POST');
    expect(received[0]!.url).toBe(`${urlScuola}/portale-iscrizioni/accesso`);
    expect(received[0]!.body ?? '').not.toContain(token);
    const codice = new URLSearchParams(received[0]!.body ?? '').get('codice') ?? '';
    expect(codice).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // The school's portal exchanges it once, for who the user is: no session token of this portal.
    const exchanged = await request.post('/api/v4/utenti/iscrizioni/sessione', { data: { codice } });
    expect(await exchanged.json()).toMatchObject({ id_utente: 1001, nome: 'Laura', cognome: 'Rossi' });
    expect((await request.post('/api/v4/utenti/iscrizioni/sessione', { data: { codice } })).status()).toBe(401);
    expect(tab.url()).not.toContain(codice);
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    // The portal stays open here, and the code is not left in the page.
    await expect(page).toHaveURL(/\/home$/);
    expect(await page.content()).not.toContain(codice);
  });
});
