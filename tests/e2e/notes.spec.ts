import { test, expect, signIn, openSignedIn, expectNoAxeViolations, FULL_BROWSER } from './fixtures';

// Server and browser clocks are pinned to Friday 20 November 2026, 09:00 in Rome (Marco Rossi's data).
const DATE_TIME = /\d{2}-\d{2}-\d{4} \d{2}:\d{2}/;

test.describe('competences (/competenze-obiettivi)', () => {
  test('lists the competence grades by subject with their dimensions, filterable by subject', async ({ page }) => {
    await openSignedIn(page, '/competenze-obiettivi');
    await expect(page.getByRole('heading', { level: 1, name: 'Competenze e obiettivi' })).toBeVisible();
    const maths = page.getByRole('region', { name: 'Matematica' });
    await expect(maths.getByText('Competenza matematica e competenze in scienze', { exact: true })).toBeVisible();
    await expect(maths.getByRole('rowheader', { name: 'Argomentazione' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Lingua e letteratura italiana' })).toBeVisible();

    await page.getByLabel('Materia').selectOption({ label: 'Matematica' });
    await expect(page.getByRole('region', { name: 'Lingua e letteratura italiana' })).toHaveCount(0);
    await expect(page.getByText('1 elemento')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('annotations (/annotazioni)', () => {
  test('lists annotations newest first with symbol and subject, filterable by subject', async ({ page }) => {
    await openSignedIn(page, '/annotazioni');
    await expect(page.getByRole('heading', { level: 1, name: 'Annotazioni' })).toBeVisible();
    const items = page.getByRole('main').getByRole('listitem');
    await expect(items.first()).toContainText('Impreparato');
    await expect(items.first()).toContainText('20-11-2026');
    const total = await items.count();
    expect(total).toBeGreaterThan(3);

    await page.getByLabel('Materia').selectOption({ label: 'Lingua e letteratura italiana' });
    await expect(items).toHaveCount(1);
    await page.getByLabel('Materia').selectOption({ label: 'Tutte le materie' });
    await expect(items).toHaveCount(total);
    await expectNoAxeViolations(page);
  });
});

test.describe('disciplinary notes (/note-disciplinari)', () => {
  test('shows notes with their tags; an acknowledgement shows date and time and survives a reload', async ({ page }) => {
    await openSignedIn(page, '/note-disciplinari');
    await expect(page.getByRole('heading', { level: 1, name: 'Note disciplinari' })).toBeVisible();
    const note = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Nota del 16-11-2026' }) });
    await expect(note.getByRole('list', { name: 'Tipo di nota' })).toContainText('Mancanza ripetuta del materiale');
    await expectNoAxeViolations(page);

    const acknowledge = note.getByRole('button', { name: 'Prendi visione della nota del 16-11-2026' });
    await acknowledge.click();
    await expect(note.getByText(new RegExp(`^Presa visione il ${DATE_TIME.source}$`))).toBeVisible();
    await expect(acknowledge).toHaveCount(0);

    await page.reload();
    await expect(note.getByText(new RegExp(`^Presa visione il ${DATE_TIME.source}$`))).toBeVisible();
    await expect(page.getByRole('button', { name: /^Prendi visione/ })).toHaveCount(0);
  });

  test('a failed acknowledgement keeps the button and says why', async ({ page }) => {
    await signIn(page);
    // Whatever earlier tests acknowledged, the screen sees every note as still to acknowledge.
    await page.route(/\/note_plain$/, async (route) => {
      const response = await route.fetch();
      const notes = (await response.json()) as { presa_visione: boolean; data_presa_visione: string | null }[];
      await route.fulfill({ response, json: notes.map((n) => ({ ...n, presa_visione: false, data_presa_visione: null, data_presa_visione_tradotta: null })) });
    });
    await page.route('**/presa_visione_note/**', (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ detail: 'Conflict', error: 'La presa visione delle note non è attiva per questa scuola' }) }),
    );
    await page.goto('/note-disciplinari');
    const button = page.getByRole('button', { name: 'Prendi visione della nota del 16-11-2026' });
    await button.click();
    await expect(page.getByRole('alert')).toContainText('La presa visione delle note non è attiva per questa scuola');
    await expect(button).toBeEnabled();
  });
});

test.describe('tutor notes (/note-tutor)', () => {
  test('marking a note as read posts its id and survives a reload', async ({ page }) => {
    await openSignedIn(page, '/note-tutor');
    await expect(page.getByRole('heading', { level: 1, name: 'Note del tutor' })).toBeVisible();
    await expectNoAxeViolations(page);
    const note = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'E-Portfolio: capolavoro' }) });
    await expect(note.getByText('Da leggere')).toBeVisible();

    const posted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/note_tutor'));
    await note.getByRole('button', { name: /^Segna come letta/ }).click();
    expect(await (await posted).json()).toMatchObject({ id_nota: expect.any(Number), titolo: 'E-Portfolio: capolavoro', letta: true });
    await expect(note.getByText('Letta', { exact: true })).toBeVisible();

    await page.reload();
    await expect(note.getByText('Letta', { exact: true })).toBeVisible();
    await expect(note.getByRole('button', { name: /^Segna come letta/ })).toHaveCount(0);
  });
});

test.describe('report cards (/pagelle, /anteprima_pagelle)', () => {
  test('lists report cards with sanitised HTML and opens the PDF, fetched with the session, in a new tab', { tag: FULL_BROWSER }, async ({ page, context }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await openSignedIn(page, '/pagelle');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Pagellino di metà primo periodo' }) });
    await expect(card.getByText('Nessuna carenza da recuperare.')).toBeVisible();
    await expect(page.locator('img[onerror]')).toHaveCount(0);
    await expectNoAxeViolations(page);

    const pdfRequest = page.waitForRequest((r) => /\/pagelle\/\d+\/allegato$/.test(new URL(r.url()).pathname));
    const popup = context.waitForEvent('page');
    await card.getByRole('button', { name: /^Apri il PDF/ }).click();
    const request = await pdfRequest;
    expect(request.headers()['authorization']).toMatch(/^JWT \S+/);
    expect(new URL(request.url()).search).toBe('');
    const response = await request.response();
    expect(response?.headers()['content-type']).toContain('application/pdf');
    const tab = await popup;
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    expect(dialogs).toEqual([]);
  });

  test('a failed download says why and opens nothing', async ({ page }) => {
    await signIn(page);
    await page.route(/\/pagelle\/\d+\/allegato$/, (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ detail: 'Contenuto non disponibile', error: 'not_found' }) }),
    );
    await page.goto('/pagelle');
    await page.getByRole('button', { name: /^Apri il PDF/ }).first().click();
    await expect(page.getByRole('alert')).toContainText('Non è stato possibile aprire la pagella: Contenuto non disponibile');
  });

  test('/anteprima_pagelle shows the PDF in a frame, outside the layout', async ({ page }) => {
    await openSignedIn(page, '/pagelle');
    await page.getByRole('link', { name: /^Anteprima/ }).first().click();
    await expect(page).toHaveURL(/\/anteprima_pagelle\?id=\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pagellino di metà primo periodo' })).toBeVisible();
    const frame = page.locator('iframe[title="Pagella in PDF: Pagellino di metà primo periodo"]');
    await expect(frame).toHaveAttribute('src', /^blob:/);
    // No sidebar, top bar or footer here.
    await expect(page.getByRole('navigation', { name: 'Menu principale' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Torna alle pagelle' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pagelle' })).toBeVisible();
  });

  test('/anteprima_pagelle needs sign-in', async ({ page }) => {
    await page.goto('/anteprima_pagelle?id=5');
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });
});

test.describe('Home: Oggi', () => {
  test('one child: puts today together, each part linking to its screen; new grades agree with the sidebar badge', async ({ page }) => {
    await signIn(page, 'genitore.bianchi');
    const today = page.getByRole('region', { name: 'Oggi, 20-11-2026' });
    await expect(today).toBeVisible();
    await expect(today.getByRole('heading', { name: /^Lezioni di oggi \(\d+\)$/ })).toBeVisible();
    await expect(today.getByRole('heading', { name: /^Compiti per oggi e domani \(\d+\)$/ })).toBeVisible();
    await expect(today.getByRole('heading', { name: /^Verifiche dei prossimi 7 giorni \(\d+\)$/ })).toBeVisible();
    await expect(today.getByRole('heading', { name: /^Nuove note disciplinari \(\d+\)$/ })).toBeVisible();

    const badge = page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: /^Voti/ });
    const badgeCount = Number(/(\d+)/.exec(await badge.innerText())?.[1]);
    expect(badgeCount).toBeGreaterThan(0);
    await expect(today.getByRole('heading', { name: `Nuovi voti (${badgeCount})` })).toBeVisible();

    for (const [link, url] of [
      ['Vai ai voti', /\/voti$/],
      ['Vai alle note disciplinari', /\/note-disciplinari$/],
      ['Vai ai compiti', /\/compiti$/],
      ['Vai alle verifiche', /\/verifiche$/],
      ["Vai all'agenda", /\/agenda$/],
    ] as const) {
      await expect(today.getByRole('link', { name: link })).toHaveAttribute('href', url);
    }
    await expectNoAxeViolations(page);
  });

  test("a family: the open child's block puts today together, each part's heading linking to its screen; new grades agree with the badge", async ({ page }) => {
    await signIn(page);
    const marco = page.getByRole('main').getByRole('region', { name: 'Marco Rossi', exact: true });
    await expect(marco.getByRole('heading', { name: /^Lezioni di oggi \(5\)$/ })).toBeVisible();
    const badge = page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: /^Voti/ });
    const badgeCount = Number(/(\d+)/.exec(await badge.innerText())?.[1]);
    expect(badgeCount).toBeGreaterThan(0);
    await expect(marco.getByRole('heading', { name: `Nuovi voti (${badgeCount})` })).toBeVisible();
    for (const [heading, url] of [
      [/^Lezioni di oggi/, /\/agenda$/],
      [/^Compiti per oggi e domani/, /\/compiti$/],
      [/^Verifiche dei prossimi 7 giorni/, /\/verifiche$/],
      [/^Nuovi voti/, /\/voti$/],
      [/^Note disciplinari di cui prendere visione/, /\/note-disciplinari$/],
    ] as const) {
      await expect(marco.getByRole('heading', { name: heading }).getByRole('link')).toHaveAttribute('href', url);
    }
  });

  test('acknowledging a grade lowers the new-grades count and the badge together', async ({ page }) => {
    await signIn(page);
    // The open child's block of the family Home.
    const today = page.getByRole('main').getByRole('region', { name: 'Marco Rossi', exact: true });
    const title = today.getByRole('heading', { name: /^Nuovi voti \(\d+\)$/ });
    const before = Number(/\((\d+)\)/.exec(await title.innerText())![1]);
    await page.goto('/voti');
    const buttons = page.getByRole('button', { name: /^Prendi visione/ });
    // The simulator comes after every subject: /voti has drawn all of them (they follow the first in a second pass).
    await expect(page.getByRole('region', { name: 'Che voto mi serve?' })).toBeVisible();
    const pending = await buttons.count();
    await buttons.first().click();
    await expect(buttons).toHaveCount(pending - 1);
    const nav = page.getByRole('navigation', { name: 'Menu principale' });
    await nav.getByRole('link', { name: /^Home/ }).click();
    await expect(today.getByRole('heading', { name: `Nuovi voti (${before - 1})` })).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Voti/ })).toContainText(String(before - 1));
  });
});
