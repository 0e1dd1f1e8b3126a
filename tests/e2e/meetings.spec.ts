import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { test, expect, signIn, openSignedIn, expectNoAxeViolations } from './fixtures';

// The server's and the browser's clock are pinned to Friday 20 November 2026, 09:00 in Rome; the
// seed books each demo student a reception less than 36 hours later (today at 12:00).

/** The .ics file parsed back: unfolded lines and the events' properties, unescaped. */
async function icsOf(download: Download) {
  const raw = await readFile((await download.path())!, 'utf8');
  expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const lines = raw.replace(/\r\n[ \t]/g, '').split('\r\n');
  const unescape = (v: string) => v.replace(/\\([\\;,nN])/g, (_, c: string) => (c.toLowerCase() === 'n' ? '\n' : c));
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      current[line.slice(0, colon).split(';')[0]!] = unescape(line.slice(colon + 1));
    }
  }
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  return events;
}

/** The first meeting card (of the teachers' list) offering free slots, from the end when `last`. */
async function meetingWithFreeSlots(page: Page, last = false) {
  const cards = page.locator('li[data-colloquio]').filter({ has: page.getByRole('button', { name: /^Prenota alle / }) });
  await expect(cards.first()).toBeVisible();
  const card = last ? cards.last() : cards.first();
  return { card, id: Number(await card.getAttribute('data-colloquio')) };
}

// Every teacher's meetings with their free slots make long pages: axe and reloads need time on them.
test.describe.configure({ timeout: 60_000 });

test.describe('individual meetings (/colloqui)', () => {
  test('the 36-hour alert, the booked meetings of a chosen range and their .ics, parsed back', async ({ page }) => {
    const plainCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/colloqui_plain')) plainCalls.push(r.url());
    });
    await signIn(page);
    // Home announces it too, in Marco's block of the family Home.
    const marco = page.getByRole('main').getByRole('region', { name: 'Marco Rossi', exact: true });
    await expect(marco.getByRole('region', { name: 'Colloqui tra meno di 36 ore (1)' })).toContainText(/20-11-2026 alle 12:\d0/);

    await page.goto('/colloqui');
    await expect(page.getByRole('heading', { name: 'Colloqui individuali', level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Hai un colloquio tra meno di 36 ore' })).toContainText(/20-11-2026 alle 12:\d0/);
    // docs/product.md#meetings: the list of bookings waits for a range; only the alert's own range was asked.
    await expect(page.getByText('Nessun intervallo scelto: scegli un periodo per vedere i colloqui prenotati.')).toBeVisible();
    expect(plainCalls.length).toBeGreaterThan(0);
    expect(plainCalls.every((u) => u.includes('data_inizio=2026-11-20') && u.includes('data_fine=2026-11-22'))).toBe(true);

    await page.getByRole('group', { name: 'Periodo dei colloqui prenotati' }).getByRole('button', { name: 'Oggi' }).click();
    const booked = page.locator('[data-prenotato]');
    await expect(booked).toHaveCount(1);
    await expect(booked).toContainText(/20-11-2026 12:\d0/);
    await expectNoAxeViolations(page);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Aggiungi tutti al calendario' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^colloquio_[a-z_]+_2026-11-20\.ics$/);
    const [event, ...more] = await icsOf(download);
    expect(more).toEqual([]);
    expect(event!.SUMMARY).toMatch(/^Colloquio con Prof/);
    expect(event!.DTSTART).toMatch(/^20261120T11\d000Z$/);
    expect(event!.UID).toMatch(/^colloquio-\d+-DEMO01-501-2026_2027@portale-famiglie$/);
    // In presence: the room and the school's address; online: the call's link.
    if (event!.URL) expect(event!.LOCATION).toBe(event!.URL);
    else expect(event!.LOCATION).toMatch(/, Via Roma 12, 20121 Milano$/);
    expect(event!.DESCRIPTION).toContain('Studente: Marco Rossi');
  });

  test('books a free slot after a confirmation, still booked after a reload, then cancels it', async ({ page }) => {
    await openSignedIn(page, '/colloqui');
    const { id } = await meetingWithFreeSlots(page);
    const card = page.locator(`li[data-colloquio="${id}"]`);
    const slot = card.getByRole('button', { name: /^Prenota alle / }).first();
    const time = (await slot.innerText()).trim();
    await slot.click();
    const dialog = page.getByRole('alertdialog', { name: 'Prenotare il colloquio?' });
    await expect(dialog).toContainText(`alle ${time}`);
    await expectNoAxeViolations(page);
    // A double click books once (the machine ignores the second confirmation).
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes(`/colloqui/${id}`)) puts.push(r.url());
    });
    await dialog.getByRole('button', { name: 'Prenota' }).dblclick();
    await expect(page.getByRole('status').filter({ hasText: 'Colloquio prenotato con' })).toContainText(`alle ${time}`);
    await expect(dialog).toBeHidden();
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatch(/slot=\d+$/);

    await page.reload();
    await expect(card.getByText(`Prenotato alle ${time}`)).toBeVisible();
    await card.getByRole('button', { name: /^Annulla prenotazione/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Annullare la prenotazione?' });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Annulla prenotazione' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Prenotazione annullata' })).toBeVisible();
    await page.reload();
    await expect(card.getByRole('button', { name: `Prenota alle ${time}`, exact: false }).first()).toBeVisible();
    await expect(card.getByText(/^Prenotato alle/)).toHaveCount(0);
  });

  test('a slot taken meanwhile says so with the server text and shows the slots again', async ({ page, request }) => {
    await openSignedIn(page, '/colloqui');
    const { id } = await meetingWithFreeSlots(page, true);
    const card = page.locator(`li[data-colloquio="${id}"]`);
    const slot = card.getByRole('button', { name: /^Prenota alle / }).first();
    const time = (await slot.innerText()).trim();
    const taken = `Lo slot delle ${time} è già stato prenotato`;
    await request.post('/__test__/guasti', { data: { metodo: 'PUT', percorso: `/colloqui/${id}$`, stato: 409, error: taken } });
    await slot.click();
    const refreshed = page.waitForResponse((r) => r.request().method() === 'GET' && r.url().includes('/colloqui-individuali'));
    await page.getByRole('alertdialog', { name: 'Prenotare il colloquio?' }).getByRole('button', { name: 'Prenota' }).click();
    await expect(page.getByRole('alert').filter({ hasText: taken })).toContainText('Gli slot sono stati aggiornati');
    await refreshed;
    await expect(card.getByText(/^Prenotato alle/)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('asks a teacher for a meeting only where the school takes requests', async ({ page }) => {
    await openSignedIn(page, '/colloqui');
    const ask = page.getByRole('button', { name: /^Richiedi un colloquio a / });
    await expect(ask.first()).toBeVisible();
    const name = (await ask.first().getAttribute('aria-label'))!.replace('Richiedi un colloquio a ', '');
    await ask.first().click();
    const dialog = page.getByRole('alertdialog', { name: 'Richiedere un colloquio?' });
    await expect(dialog).toContainText(name);
    await dialog.getByRole('button', { name: 'Invia richiesta' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Richiesta inviata a ${name}` })).toBeVisible();
    // A second request to the same teacher: the server's 409 text, in the dialog.
    await ask.first().click();
    await dialog.getByRole('button', { name: 'Invia richiesta' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(`Hai già inviato una richiesta di colloquio a ${name}`);
    await dialog.getByRole('button', { name: 'Annulla' }).click();

    // The same screen for a school that takes no requests.
    await page.route('**/studente/info*', async (route) => {
      // A request the page dropped meanwhile (a reload's early call) has nothing left to answer.
      const response = await route.fetch().catch(() => null);
      const body = await response?.json().catch(() => null);
      if (response && body) await route.fulfill({ response, json: { ...body, richiesta_colloqui_individuali: 'NO' } }).catch(() => {});
    });
    await page.reload();
    await expect(page.locator('li[data-colloquio]').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Richiedi un colloquio/ })).toHaveCount(0);
  });
});

test.describe('general meetings (/colloqui-generali)', () => {
  test('books a slot of a teacher, exports every booking and cancels it', async ({ page }) => {
    await openSignedIn(page, '/colloqui-generali');
    await expect(page.getByRole('heading', { name: 'Colloqui generali', level: 1 })).toBeVisible();
    const { id, card } = await meetingWithFreeSlots(page);
    const slot = card.getByRole('button', { name: /^Prenota alle / }).first();
    const time = (await slot.innerText()).trim();
    await slot.click();
    await page.getByRole('alertdialog', { name: 'Prenotare il colloquio?' }).getByRole('button', { name: 'Prenota' }).click();
    const mine = page.locator(`li[data-colloquio="${id}"]`);
    await expect(mine.getByText(`Prenotato alle ${time}`)).toBeVisible();
    await expectNoAxeViolations(page);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Aggiungi tutti al calendario' }).click()]);
    const events = await icsOf(download);
    // One event per booking, each its own (the phone test books on this screen too, so no exact count).
    expect(new Set(events.map((e) => e.UID)).size).toBe(events.length);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.SUMMARY!.startsWith('Colloquio con '))).toBe(true);
    const ours = events.find((e) => e.UID!.startsWith(`colloquio-${id}-`));
    expect(ours?.LOCATION).toBe('Palestra, piano terra, Via Roma 12, 20121 Milano');
    expect(ours?.DTSTART).toMatch(new RegExp(`T${String(Number(time.slice(0, 2)) - 1).padStart(2, '0')}${time.slice(3)}00Z$`));

    await mine.getByRole('button', { name: /^Annulla prenotazione/ }).click();
    await page.getByRole('alertdialog', { name: 'Annullare la prenotazione?' }).getByRole('button', { name: 'Annulla prenotazione' }).click();
    await expect(mine.getByText(/^Prenotato alle/)).toHaveCount(0);
  });
});

test.describe('meetings on a 360 px phone, in English', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('books and cancels with the keyboard, nothing wider than the screen', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByLabel('User code').fill('genitore.demo');
    await page.getByLabel('Password', { exact: true }).fill('Demo.2026!');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    // The family Home says it in Marco's block.
    const marco = page.getByRole('main').getByRole('region', { name: 'Marco Rossi', exact: true });
    await expect(marco.getByRole('region', { name: 'Meetings in less than 36 hours (1)' })).toBeVisible();

    await page.goto('/colloqui-generali');
    await expect(page.getByRole('heading', { name: 'One meeting per teacher' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // On a phone each teacher is one row: open every row with the keyboard to reach the slots.
    const teachers = page.getByRole('main').locator('li[data-docente]');
    const closed = teachers.getByRole('button', { expanded: false });
    await expect(closed.first()).toBeVisible();
    const rows = await teachers.count();
    for (let i = 0; i < rows; i++) {
      await teachers.nth(i).getByRole('button', { expanded: false }).first().focus();
      await page.keyboard.press('Enter');
      await expect(teachers.nth(i).getByRole('button', { expanded: true }).first()).toBeFocused();
    }
    const cards = page.locator('li[data-colloquio]').filter({ has: page.getByRole('button', { name: /^Book at / }) });
    const card = cards.last();
    const id = await card.getAttribute('data-colloquio');
    const slot = card.getByRole('button', { name: /^Book at / }).first();
    const time = (await slot.innerText()).trim();
    await slot.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Book the meeting?' });
    // Focus starts on the dialog's cancel button: Tab to the confirmation.
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Book', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    const mine = page.locator(`li[data-colloquio="${id}"]`);
    await expect(mine.getByText(`Booked at ${time}`)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Meeting booked with' })).toBeVisible();

    await mine.getByRole('button', { name: /^Cancel booking/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog', { name: 'Cancel the booking?' }).getByRole('button', { name: 'Cancel booking' }).press('Enter');
    await expect(mine.getByText(/^Booked at/)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
