import type { Page } from '@playwright/test';
import { test, expect, signIn, openSignedIn, expectNoAxeViolations } from './fixtures';
import { apiSession, defineAbsenceTransitionSuites } from '../model/absences.model';
import { readAttempts } from '../../src/api/retryPolicy';

/**
 * /assenze (docs/product.md#absences) for Luca Bianchi (studente.demo): the transition suites below use
 * genitore.demo's students, so the few justifiable demo absences are not shared between the two.
 */
const USER = 'studente.demo';
const DEADLINE = "I termini per giustificare l'assenza sono scaduti: rivolgersi alla segreteria";

interface ApiAbsence {
  id: number;
  data: string;
  simbolo: string;
  tipo_assenza: string;
  giustificata: string;
  giustificabile: boolean;
}

async function openAbsences(page: Page) {
  await openSignedIn(page, '/assenze', USER);
  await expect(page.getByRole('heading', { level: 1, name: 'Assenze' })).toBeVisible();
}

const total = (page: Page, label: string) => page.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
const rgb = { red: 'rgb(198, 40, 40)', green: 'rgb(30, 123, 52)', blue: 'rgb(21, 101, 192)' };

test.describe('absences', () => {
  test.describe.configure({ mode: 'default' });

  test('lists the events with symbol, colour and words, totals per type, by month and period', async ({ page, request }) => {
    const api = await apiSession(request, USER);
    const list = (await (await request.get(`${api.base('Luca')}/assenze_plain`, { headers: api.headers })).json()) as ApiAbsence[];
    expect(list.length).toBeGreaterThan(0);
    await openAbsences(page);

    // `data` is a date-time, as real backends send it: its first ten characters are the school day.
    const count = (tipo: string, from = '', to = '9999') => list.filter((a) => a.tipo_assenza === tipo && a.data.slice(0, 10) >= from && a.data.slice(0, 10) <= to).length;
    for (const [label, tipo] of [['Assenze', 'assenza'], ['Ritardi', 'ritardo'], ['Uscite anticipate', 'uscita'], ['Assenze in DAD', 'dad'], ['Presenze a corso', 'corso']]) {
      await expect(total(page, label!)).toHaveText(String(count(tipo!)));
    }

    // Each symbol with its colour, and the same said in words (never colour alone).
    for (const a of list) {
      const row = page.locator(`tr[data-absence-id="${a.id}"]`);
      const badge = row.getByText(a.simbolo, { exact: true });
      const colour = a.giustificata === 'SI' ? 'green' : a.giustificata === 'NO' ? 'red' : 'blue';
      await expect(badge).toHaveCSS('background-color', rgb[colour]);
      const words = { red: 'Da giustificare', green: 'Giustificata', blue: 'Giustificazione non richiesta' }[colour];
      await expect(row.getByText(words, { exact: true })).toBeVisible();
    }
    await expect(page.locator('tr', { has: page.getByText('AD', { exact: true }) }).getByText('Assenza in didattica a distanza')).toBeVisible();
    await expect(page.locator('tr', { has: page.getByText('C', { exact: true }) }).first().getByText('Presenza a corso')).toBeVisible();
    // Entries and exits have their time; a justified event its reason.
    const late = list.find((a) => a.simbolo === 'R')!;
    await expect(page.locator(`tr[data-absence-id="${late.id}"]`)).toContainText(/\d{2}:\d{2}/);
    const justified = list.find((a) => a.giustificata === 'SI' && a.simbolo === 'A')!;
    await expect(page.locator(`tr[data-absence-id="${justified.id}"]`)).toContainText(/Motivi|Visita|Attività|Problemi|Altro/);

    // October only.
    await page.getByRole('button', { name: 'Ott 2026' }).click();
    await expect(total(page, 'Assenze')).toHaveText(String(count('assenza', '2026-10-01', '2026-10-31')));
    await expect(total(page, 'Presenze a corso')).toHaveText(String(count('corso', '2026-10-01', '2026-10-31')));
    // A month with nothing yet: the empty state.
    await page.getByRole('button', { name: 'Giu 2027' }).click();
    await expect(page.getByText('Nessuna assenza, ritardo o uscita nel periodo scelto.')).toBeVisible();
    await expect(total(page, 'Assenze')).toHaveText('0');
    // The first period.
    await page.getByRole('button', { name: '1° periodo' }).click();
    await expect(total(page, 'Ritardi')).toHaveText(String(count('ritardo', '2026-09-14', '2026-12-22')));
    await expectNoAxeViolations(page);
  });

  test('justifies one absence with the keyboard; a double click sends it once; justified after a reload', async ({ page }) => {
    await openAbsences(page);
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/giustificazioni/')) puts.push(r.url());
    });
    const box = page.locator('input[type=checkbox][data-lista=normale]').first();
    const id = await box.getAttribute('value');
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    const form = page.getByRole('form', { name: 'Giustificazione online' });
    await form.getByLabel('Motivo', { exact: true }).selectOption({ label: 'Motivi di salute' });
    await form.getByLabel('Motivazione').fill('Febbre alta.');
    await form.getByRole('button', { name: 'Invia giustificazione' }).dblclick();
    await expect(form.getByText('Giustificazione inviata: 1 assenza giustificata.')).toBeVisible();
    expect(puts).toHaveLength(1);
    await expect(form.getByLabel('Motivazione')).toHaveValue('');

    await page.reload();
    const row = page.locator(`tr[data-absence-id="${id}"]`);
    await expect(row.getByText('Giustificata', { exact: true })).toBeVisible();
    await expect(row).toContainText('Motivi di salute: Febbre alta.');
    await expect(row.getByRole('checkbox')).toHaveCount(0);
  });

  test('a refused justification says why and keeps the choice and the text', async ({ page, request }) => {
    await openAbsences(page);
    const box = page.locator('input[type=checkbox][data-lista=normale]').first();
    const id = await box.getAttribute('value');
    await request.post('/__test__/guasti', { data: { metodo: 'PUT', percorso: `/giustificazioni/${id}$`, stato: 409, error: DEADLINE } });
    await box.check();
    const form = page.getByRole('form', { name: 'Giustificazione online' });
    // Each missing field first.
    await form.getByRole('button', { name: 'Invia giustificazione' }).click();
    await expect(form.getByText('Il motivo è obbligatorio')).toBeVisible();
    await expect(form.getByText('La motivazione è obbligatoria')).toBeVisible();
    await form.getByLabel('Motivo', { exact: true }).selectOption({ label: 'Motivi familiari' });
    await form.getByLabel('Motivazione').fill('Impegni familiari improrogabili.');
    await expect(form.getByText('La motivazione è obbligatoria')).toHaveCount(0);
    await form.getByRole('button', { name: 'Invia giustificazione' }).click();
    await expect(form.getByRole('alert')).toContainText(`Giustificazione non inviata: ${DEADLINE}`);
    await expect(form.getByLabel('Motivazione')).toHaveValue('Impegni familiari improrogabili.');
    await expect(box).toBeChecked();
    await expectNoAxeViolations(page);
  });

  test('books an exit (each required field first), then cancels it after a confirmation', async ({ page }) => {
    await openAbsences(page);
    const section = page.getByRole('region', { name: 'Prenotazioni di entrate e uscite' });
    const form = section.getByRole('form', { name: 'Nuova prenotazione' });
    // The school's cut-off (08:00) has passed: the first bookable day is tomorrow.
    await expect(form.getByText('Per il giorno stesso si prenota entro le 08:00: ora la prima data prenotabile è il 21-11-2026.')).toBeVisible();
    await expect(form.getByLabel('Data')).toHaveAttribute('min', '2026-11-21');

    await form.getByRole('button', { name: 'Prenota' }).click();
    for (const message of ['La data è obbligatoria', "L'orario è obbligatorio", 'Il tipo è obbligatorio', 'La motivazione è obbligatoria']) {
      await expect(form.getByText(message)).toBeVisible();
    }
    await form.getByLabel('Data').fill('2026-11-20');
    await form.getByLabel('Tipo').selectOption({ label: 'Uscita anticipata' });
    await form.getByLabel('Orario').selectOption('11:00');
    await form.getByLabel('Motivazione').fill('Visita oculistica.');
    await form.getByRole('button', { name: 'Prenota' }).click();
    await expect(form.getByText('Le prenotazioni per il giorno stesso si chiudono alle 08:00: scegli una data dal 21-11-2026')).toBeVisible();
    await form.getByLabel('Data').fill('2026-12-02');
    await form.getByRole('button', { name: 'Prenota' }).click();
    await expect(form.getByText('Prenotazione registrata per il 02-12-2026 alle 11:00.')).toBeVisible();
    const row = section.locator('tbody tr').filter({ hasText: '02-12-2026' });
    await expect(row).toContainText('Uscita anticipata');
    await expect(row).toContainText('Attiva');

    await row.getByRole('button', { name: 'Annulla la prenotazione del 02-12-2026' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Annullare la prenotazione del 02-12-2026?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    // Annulla keeps it.
    await dialog.getByRole('button', { name: 'Annulla', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText('Attiva');
    await row.getByRole('button', { name: 'Annulla la prenotazione del 02-12-2026' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Conferma' }).click();
    await expect(section.getByText('La prenotazione del 02-12-2026 è stata annullata.')).toBeVisible();
    await expect(row).toContainText('Annullata');
    await page.reload();
    await expect(section.locator('tbody tr').filter({ hasText: '02-12-2026' })).toContainText('Annullata');
  });

  test('a list that cannot be loaded says so and offers a retry', async ({ page, request }) => {
    await signIn(page, USER);
    // The sidebar's Novità badge reads the absences too once the page is idle: let it finish, so
    // that the faults below meet the screen's own calls.
    await expect(page.locator('#menu-principale').getByTestId('conteggio-novita')).toBeVisible({ timeout: 15_000 });
    await request.post('/__test__/guasti', { data: { metodo: 'GET', percorso: '/studenti/503/[^/]+/assenze_plain$', stato: 500, volte: readAttempts(500) } });
    await page.goto('/assenze');
    await expect(page.getByText('attenzione, si è verificato un errore imprevisto')).toBeVisible();
    await page.getByRole('button', { name: 'Riprova' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Assenze' })).toBeVisible();
  });
});

// QA's transition suites are part of the normal e2e run too (they also run alone: npm run test:transitions).
defineAbsenceTransitionSuites();
