import type { Page } from '@playwright/test';
import { test, expect, signIn, expectNoAxeViolations, disposableAccount, type DisposableAccount, expectHomeOf } from './fixtures';

// Marco Rossi (genitore.demo's first student) is on messenger VERSIONE_2. Tests that send add
// threads to the shared server: each uses titles of its own.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** `account`: a disposable copy for a test that signs out (which ends every session of the user). */
async function openMessenger(page: Page, account?: DisposableAccount) {
  await signIn(page, account?.username, account?.password, '/messenger');
  await expect(page.getByRole('heading', { level: 1, name: 'Messaggi' })).toBeVisible();
}

/** A subject no earlier attempt (a retry, `--repeat-each`) has left on the shared server. */
const uniqueSubject = (base: string) => `${base} ${Date.now().toString(36)}`;
const threadButton = (page: Page, title: string | RegExp) => page.getByRole('tabpanel').getByRole('button', { name: title });

test.describe('messenger (/messenger)', () => {
  test('opens a thread, marks it read, confirms what asks for it across a reload, with no axe violation', async ({ page }) => {
    await openMessenger(page);
    const tab = page.getByRole('tab', { name: /Ricevuti e avviati/ });
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('button').first()).toBeVisible();
    const before = await panel.getByText('Non letto', { exact: true }).count();
    expect(before).toBeGreaterThan(0);
    await expect(tab).toContainText(`${before} non letti`);
    // Latest activity first: the laboratory thread (yesterday) before the older ones.
    const buttons = page.getByRole('tabpanel').getByRole('button');
    await expect(buttons.first()).toContainText('Materiale per il laboratorio');
    await expectNoAxeViolations(page);

    const unread = threadButton(page, /Comportamento durante le lezioni/);
    await expect(unread).toContainText('Non letto');
    await unread.click();
    await expect(page).toHaveURL(/thread=\d+_ver_2/);
    const conversation = page.locator('#conversazione');
    await expect(conversation.getByRole('heading', { level: 2, name: 'Comportamento durante le lezioni' })).toBeVisible();
    await expect(unread).not.toContainText('Non letto');
    if (before > 1) await expect(tab).toContainText(`${before - 1} non letti`);
    else await expect(tab).not.toContainText('non letti');

    const confirm = conversation.getByRole('button', { name: 'Conferma presa visione' });
    await confirm.click();
    await expect(conversation.getByText('Presa visione confermata')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.reload();
    await expect(page.locator('#conversazione').getByText('Presa visione confermata')).toBeVisible();
    await expect(threadButton(page, /Comportamento durante le lezioni/)).not.toContainText('Non letto');
  });

  test('composer: inline errors without axe violations, keyboard-only composing, a failure that keeps every word', async ({ page, request }) => {
    const subject = uniqueSubject('Tastiera soltanto');
    await openMessenger(page);
    await page.getByRole('button', { name: 'Nuovo messaggio' }).click();
    const form = page.getByRole('form', { name: 'Nuovo messaggio' });
    await form.getByRole('button', { name: 'Invia messaggio' }).click();
    await expect(form.getByText('Scegli almeno un destinatario')).toBeVisible();
    await expect(form.getByText('Campo obbligatorio')).toHaveCount(2);
    await expect(form.getByLabel('Oggetto')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    // Keyboard only: search a recipient by typing, pick it with the arrows and Enter, then the fields.
    await form.getByRole('combobox', { name: /Destinatari/ }).focus();
    await page.keyboard.type('segreteria did');
    await expect(page.getByRole('option', { name: 'Segreteria didattica' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(form.getByRole('list', { name: 'Destinatari scelti' })).toContainText('Segreteria didattica');
    await page.keyboard.press('Escape');
    await form.getByLabel('Oggetto').focus();
    await page.keyboard.type(subject);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Scritto senza mouse.');
    await expect(form.getByText('Scegli almeno un destinatario')).toHaveCount(0);
    await expect(form.getByText('Campo obbligatorio')).toHaveCount(0);

    // The server fails once: everything stays, and the message says why.
    const fault = await request.post('/__test__/guasti', { data: { metodo: 'POST', percorso: '/thread-json$', stato: 500, volte: 1 } });
    expect(fault.status()).toBe(201);
    await form.getByRole('button', { name: 'Invia messaggio' }).focus();
    await page.keyboard.press('Enter');
    await expect(form.getByRole('alert')).toHaveText('Messaggio non inviato: attenzione, si è verificato un errore imprevisto');
    await expect(form.getByLabel('Oggetto')).toHaveValue(subject);
    await expect(form.getByLabel('Testo')).toHaveValue('Scritto senza mouse.');
    await expect(form.getByRole('list', { name: 'Destinatari scelti' })).toContainText('Segreteria didattica');

    // Again: one click after another sends one thread, which opens among the sent ones.
    const sends: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/thread-json')) sends.push(r.url());
    });
    await form.getByRole('button', { name: 'Invia messaggio' }).dblclick();
    await expect(page.getByRole('status').filter({ hasText: 'Messaggio inviato.' })).toBeVisible();
    expect(sends).toHaveLength(1);
    await expect(page.getByRole('tab', { name: 'Inviati' })).toHaveAttribute('aria-selected', 'true');
    // The new thread is also among the ones started: look in the open panel only, since Ark keeps the
    // panel being closed in the page for a moment after the switch.
    const sent = page.getByRole('tabpanel', { name: 'Inviati' });
    const created = sent.getByRole('button', { name: new RegExp(subject) });
    await expect(created).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('#conversazione')).toContainText('Scritto senza mouse.');

    // The second click of a double click that lands on another thread (the closing panel moved the
    // list up under the pointer, on a page slower than this one) opens nothing: after it, a plain
    // click on the other tab, and Back returns to the new thread, not to that other one.
    const openedNew = page.url();
    const other = sent.getByRole('button').filter({ hasNotText: subject }).first();
    const box = (await other.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down({ clickCount: 2 });
    await page.mouse.up({ clickCount: 2 });
    await page.getByRole('tab', { name: /Ricevuti e avviati/ }).click();
    await expect(page.getByRole('tab', { name: /Ricevuti e avviati/ })).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(page).toHaveURL(openedNew);
    await expect(created).toHaveAttribute('aria-current', 'true');
  });

  test('attachments: refused before upload, uploaded with progress, sent in a reply and downloaded again', async ({ page }) => {
    await openMessenger(page);
    await threadButton(page, /Recupero verifica/).click();
    const conversation = page.locator('#conversazione');
    const reply = conversation.getByRole('form', { name: /Risposta a/ });
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/messaggi/add_attachment')) uploads.push(r.url());
    });

    // Refused in the browser: a type the server refuses and a file over 5 MB.
    await reply.getByLabel('Allegati').setInputFiles([
      { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') },
      { name: 'enorme.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1) },
    ]);
    await expect(reply.getByText('setup.exe: tipo di file non ammesso', { exact: false })).toBeVisible();
    await expect(reply.getByText('enorme.pdf: il file supera la dimensione massima di 5 MB')).toBeVisible();
    expect(uploads).toEqual([]);

    // Held by the test: the bar shows while the file travels, and the reply waits for it.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/messaggi/add_attachment', async (route) => {
      await held;
      await route.continue();
    });
    await reply.getByLabel('Allegati').setInputFiles({ name: 'delega.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(reply.getByRole('progressbar', { name: 'Caricamento di delega.pdf' })).toBeVisible();
    await reply.getByLabel('Risposta').fill('In allegato la delega firmata.');
    await reply.getByRole('button', { name: 'Invia risposta' }).click();
    await expect(reply.getByRole('alert')).toHaveText('Attendi la fine del caricamento degli allegati prima di inviare.');
    release();
    await expect(reply.getByText('caricato', { exact: true })).toBeVisible();
    await expect(reply.getByRole('progressbar')).toHaveCount(0);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).not.toMatch(/token|jwt/i);

    await reply.getByRole('button', { name: 'Invia risposta' }).click();
    const mine = conversation.getByRole('listitem').filter({ hasText: 'In allegato la delega firmata.' });
    await expect(mine).toBeVisible();
    await expect(reply.getByLabel('Risposta')).toHaveValue('');

    const download = page.waitForEvent('download');
    await mine.getByRole('button', { name: 'Scarica delega.pdf' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('delega.pdf');
    const path = await file.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(path).equals(PDF)).toBe(true);
  });

  test('a draft survives a reload and is gone after sign-out', async ({ page, request }) => {
    const account = await disposableAccount(request);
    await openMessenger(page, account);
    await page.getByRole('button', { name: 'Nuovo messaggio' }).click();
    const form = page.getByRole('form', { name: 'Nuovo messaggio' });
    await form.getByLabel('Oggetto').fill('Bozza da non perdere');
    await form.getByLabel('Testo').fill('Mezza frase');
    await page.reload();
    const again = page.getByRole('form', { name: 'Nuovo messaggio' });
    await expect(again.getByLabel('Oggetto')).toHaveValue('Bozza da non perdere');
    await expect(again.getByLabel('Testo')).toHaveValue('Mezza frase');

    await page.getByRole('button', { name: /Menu utente/ }).click();
    await page.getByRole('menuitem', { name: 'Esci' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.includes('bozza')))).toEqual([]);
    await openMessenger(page, account);
    await expect(page.getByRole('form', { name: 'Nuovo messaggio' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Nuovo messaggio' }).click();
    await expect(page.getByRole('form', { name: 'Nuovo messaggio' }).getByLabel('Oggetto')).toHaveValue('');
  });
});

test.describe('the composer on /comunicazioni (messenger v1, Giulia)', () => {
  test('sends the form with a file, which shows among the sent messages and downloads again', async ({ page }) => {
    const subject = uniqueSubject('Modulo con allegato');
    await signIn(page);
    await page.getByRole('button', { name: /Cambia studente o anno scolastico/ }).click();
    await page.getByRole('menuitem', { name: /Giulia Rossi/ }).click();
    await expectHomeOf(page, 'Giulia Rossi');
    await page.goto('/comunicazioni');
    await page.getByRole('button', { name: 'Nuovo messaggio' }).click();
    const form = page.getByRole('form', { name: 'Nuovo messaggio' });
    await form.getByRole('combobox', { name: /Destinatari/ }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await form.getByLabel('Oggetto').fill(subject);
    await form.getByLabel('Testo').fill('Invio il modulo firmato.');
    await form.getByLabel('Allegati').setInputFiles({ name: 'modulo.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(form.getByText('pronto', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Invia messaggio' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Messaggio inviato.' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Inviate' })).toHaveAttribute('aria-selected', 'true');
    const sent = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: subject });
    await expect(sent).toContainText('Invio il modulo firmato.');
    const download = page.waitForEvent('download');
    await sent.getByRole('button', { name: /modulo\.pdf/ }).click();
    expect((await download).suggestedFilename()).toBe('modulo.pdf');
  });
});
