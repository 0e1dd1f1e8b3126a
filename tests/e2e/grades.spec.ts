import { test, expect, signIn, openSignedIn, expectNoAxeViolations, expectHomeOf } from './fixtures';

test.describe('grades', () => {
  test('lists grades by subject with the weighted average where allowed', async ({ page }) => {
    await openSignedIn(page, '/voti');
    await expect(page.getByRole('tab', { name: '1° periodo', selected: true })).toBeVisible();
    const maths = page.getByRole('region', { name: 'Matematica' });
    await expect(maths.getByText(/Media ponderata: \d/)).toBeVisible();
    // Fisica has a grade of weight 0: a weighted average cannot be computed there (docs/product.md#grades).
    const physics = page.getByRole('region', { name: 'Fisica' });
    await expect(physics.getByText(/^Media: \d/)).toBeVisible();
    // Only scritto, orale, pratico or flagged grades are listed.
    await page.getByRole('tab', { name: 'Intero anno' }).click();
    await expect(page.getByRole('cell', { name: 'annotazione docente' })).toHaveCount(0);
  });

  test('switching period never shows two panels at once, even for the moment the old one leaves', async ({ page }) => {
    await openSignedIn(page, '/voti');
    await expect(page.getByRole('tabpanel', { name: '1° periodo' })).toBeVisible();
    // Checked at every change of the page, before the browser paints it.
    await page.evaluate(() => {
      const w = window as unknown as { mostPanelsShown: number };
      w.mostPanelsShown = 0;
      new MutationObserver(() => {
        const shown = [...document.querySelectorAll('[role="tabpanel"]')].filter((p) => getComputedStyle(p).display !== 'none');
        w.mostPanelsShown = Math.max(w.mostPanelsShown, shown.length);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByRole('tab', { name: 'Intero anno' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Intero anno' })).toBeVisible();
    await page.getByRole('tab', { name: '1° periodo' }).click();
    await expect(page.getByRole('tabpanel', { name: '1° periodo' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { mostPanelsShown: number }).mostPanelsShown)).toBe(1);
  });

  test('sanitises the HTML of teachers comments', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await openSignedIn(page, '/voti');
    await page.getByRole('tab', { name: 'Intero anno' }).click();
    await expect(page.locator('table img[onerror]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('acknowledging a grade shows date and time and survives a reload', async ({ page }) => {
    await openSignedIn(page, '/voti');
    const button = page.getByRole('button', { name: /^Prendi visione/ }).first();
    const name = (await button.getAttribute('aria-label')) ?? (await button.innerText());
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name }) });
    const date = (await row.getByRole('cell').first().innerText()).trim();
    await button.click();
    const done = page.getByRole('row').filter({ hasText: date }).getByText(/Vista il \d{2}-\d{2}-\d{4} \d{2}:\d{2}/).first();
    await expect(done).toBeVisible();
    const remaining = await page.getByRole('button', { name: /^Prendi visione/ }).count();

    await page.reload();
    await expect(page.getByRole('button', { name: /^Prendi visione/ })).toHaveCount(remaining);
    await expect(page.getByText(/Vista il \d{2}-\d{2}-\d{4} \d{2}:\d{2}/).first()).toBeVisible();
  });
});

test.describe('grades: competences, detail, averages, chart, simulator', () => {
  test('shows competence grades in their own section with the level of each dimension', async ({ page }) => {
    await openSignedIn(page, '/voti');
    const section = page.getByRole('region', { name: 'Valutazioni delle competenze' });
    await expect(section.getByText('Competenza matematica e competenze in scienze', { exact: true })).toBeVisible();
    const levels = section.getByRole('table', { name: /Competenza matematica/ });
    await expect(levels.getByRole('rowheader', { name: 'Risoluzione di problemi' })).toBeVisible();
    await expect(levels.getByRole('cell', { name: /^(Base|Intermedio|Avanzato)$/ })).toHaveCount(3);
    // Competence grades are not among the listed grades (docs/product.md#grades).
    await expect(page.getByRole('region', { name: 'Matematica' }).getByRole('cell', { name: 'competenza', exact: true })).toHaveCount(0);
  });

  test('opens a grade detail dialog with the keyboard and closes it with Escape', async ({ page }) => {
    await openSignedIn(page, '/voti');
    const maths = page.getByRole('region', { name: 'Matematica' });
    const details = maths.getByRole('button', { name: /^Dettagli del voto/ }).first();
    await details.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Voto di Matematica del \d{2}-\d{2}-\d{4}$/ });
    await expect(dialog).toBeVisible();
    for (const term of ['Data', 'Tipo', 'Voto', 'Peso', 'Commento del docente', 'Presa visione']) {
      await expect(dialog.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
    }
    await expect(dialog.getByText(/Peso \d+%/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(details).toBeFocused();
  });

  test('shows the overall average of the period and the summary of averages per subject and period', async ({ page }) => {
    await openSignedIn(page, '/voti');
    await expect(page.getByText(/^Media generale (ponderata )?del periodo: \d/)).toBeVisible();
    await page.getByRole('tab', { name: 'Intero anno' }).click();
    const summary = page.getByRole('region', { name: 'Riepilogo delle medie' });
    const table = summary.getByRole('table');
    await expect(table.getByRole('columnheader', { name: '1° periodo' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Intero anno' })).toBeVisible();
    await expect(table.getByRole('row', { name: /^Matematica/ })).toContainText(/\d,\d+|\d/);
    await expect(table.getByRole('row', { name: /^Media generale/ })).toBeVisible();
    // Fisica has a grade of weight 0: its average is arithmetic, and marked as such.
    await expect(table.getByRole('row', { name: /^Fisica/ })).toContainText('(media aritmetica)');
  });

  test('draws each subject’s grades over the year with a text alternative', async ({ page }) => {
    await openSignedIn(page, '/voti');
    const maths = page.getByRole('region', { name: 'Matematica' });
    await maths.getByText("Andamento nell'anno").click();
    const chart = maths.getByRole('img', { name: 'Andamento dei voti di Matematica' });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAccessibleDescription(/\d{2}-\d{2}-\d{4}: \S+ \(\d/);
    // one point per numeric grade of the year, months Set to Giu on the x axis
    const described = (await chart.locator('desc').textContent()) ?? '';
    await expect(chart.locator('circle')).toHaveCount(described.split('; ').length);
    await expect(chart.locator('text').filter({ hasText: /^(Set|Giu)$/ })).toHaveCount(2);
  });

  test('"che voto mi serve": the grade needed, an impossible target, and messages that keep what was typed', async ({ page }) => {
    await openSignedIn(page, '/voti');
    const simulator = page.getByRole('region', { name: 'Che voto mi serve?' });
    await simulator.getByLabel('Materia').selectOption({ label: 'Matematica' });
    await expect(simulator.getByText(/^Media ponderata attuale: \d/)).toBeVisible();

    await simulator.getByLabel('Media da raggiungere').fill('sette');
    await simulator.getByLabel('Numero dei prossimi voti').fill('0');
    await simulator.getByRole('button', { name: 'Calcola' }).click();
    await expect(simulator.getByText('Scrivi un numero, ad esempio 6,5.')).toBeVisible();
    await expect(simulator.getByText('I prossimi voti possono essere da 1 a 10.')).toBeVisible();
    await expect(simulator.getByLabel('Media da raggiungere')).toHaveValue('sette');
    await expect(simulator.getByLabel('Media da raggiungere')).toHaveAttribute('aria-invalid', 'true');

    await simulator.getByLabel('Media da raggiungere').fill('7,5');
    await simulator.getByLabel('Numero dei prossimi voti').fill('2');
    await simulator.getByLabel('Peso di ciascun voto (%)').fill('100');
    await simulator.getByRole('button', { name: 'Calcola' }).click();
    await expect(simulator.getByRole('status')).toContainText(
      /Per arrivare a 7,5 in Matematica ti serve almeno \d+(,\d+)? in ciascuno dei prossimi 2 voti\.|Obiettivo già raggiunto/,
    );

    await simulator.getByLabel('Media da raggiungere').fill('10');
    await simulator.getByLabel('Numero dei prossimi voti').fill('1');
    await simulator.getByLabel('Peso di ciascun voto (%)').fill('50');
    await simulator.getByRole('button', { name: 'Calcola' }).click();
    await expect(simulator.getByRole('status')).toContainText('Obiettivo non raggiungibile');
    await expect(simulator.getByRole('status')).toContainText('più di 10');
  });

  test('axe: /voti with the detail dialog and the chart open', async ({ page }) => {
    // Two axe passes over the whole year's tables: slow on a busy machine.
    test.slow();
    await openSignedIn(page, '/voti');
    await page.getByRole('region', { name: 'Matematica' }).getByText("Andamento nell'anno").click();
    await page.getByRole('tab', { name: 'Intero anno' }).click();
    await expect(page.getByRole('region', { name: 'Riepilogo delle medie' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /^Dettagli del voto/ }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('Giulia (grades not weighted): arithmetic averages only, as computed from her grades', async ({ page }) => {
    // Her grades and subjects load with the family Home, whose block of hers shows them.
    const gradesResponse = page.waitForResponse((r) => r.url().includes('/studenti/502/') && r.url().includes('/voti_plain'));
    const subjectsResponse = page.waitForResponse((r) => r.url().includes('/studenti/502/') && r.url().includes('/materie_nextapi'));
    await signIn(page);
    await page.getByRole('button', { name: /Cambia studente o anno scolastico/ }).click();
    await page.getByRole('menuitem', { name: /Giulia Rossi/ }).click();
    await expectHomeOf(page, 'Giulia Rossi');
    await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: /^Voti/ }).click();
    const [grades, subjects] = await Promise.all([gradesResponse, subjectsResponse].map((p) => p.then((r) => r.json())));
    await expect(page.getByRole('heading', { level: 1, name: 'Voti' })).toBeVisible();
    await page.getByRole('tab', { name: 'Intero anno' }).click();
    await expect(page.getByText(/Media ponderata/)).toHaveCount(0);

    const italiano = (subjects as { id: number; descrizione: string }[]).find((s) => s.descrizione === 'Italiano')!;
    const values = (grades as { id_materia: number; sottotitolo: string; is_voto: boolean; is_competenza: boolean; voto_numerico: number | null }[])
      .filter((g) => g.id_materia === italiano.id && g.voto_numerico !== null)
      .filter((g) => g.is_voto || (!g.is_competenza && ['scritto', 'orale', 'pratico'].includes(g.sottotitolo.toLowerCase())))
      .map((g) => g.voto_numerico!);
    const mean = Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
    const expected = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 }).format(mean);
    // In the open panel: for a moment after the switch Ark keeps the closing one in the page too.
    const year = page.getByRole('tabpanel', { name: 'Intero anno' });
    await expect(year.getByRole('region', { name: 'Italiano', exact: true }).getByText(`Media: ${expected}`, { exact: true })).toBeVisible();
    // The simulator follows the same rule: no weight to ask for.
    const simulator = year.getByRole('region', { name: 'Che voto mi serve?' });
    await expect(simulator.getByText('Calcolo con la media aritmetica.')).toBeVisible();
    await expect(simulator.getByLabel('Peso di ciascun voto (%)')).toHaveCount(0);
  });
});
