import { readFile } from 'node:fs/promises';
import { test, expect, signIn, openSignedIn, expectNoAxeViolations } from './fixtures';

const studentApi = '/api/v3/scuole/DEMO01/studenti/501/2026_2027';

test.describe('work experience (/alternanza)', () => {
  test('PROPOSTO first then newest first; subscribes and cancels by the rule, each after a confirmation', async ({ page }) => {
    await signIn(page);
    const answer = page.waitForResponse((r) => r.url().endsWith(`${studentApi}/alternanzaweb`) && r.request().method() === 'GET');
    await page.goto('/alternanza');
    const projects: { id: number; stato: string; prenotabile: boolean; data_inizio: string; titolo: string }[] = await (await answer).json();
    await expect(page.getByRole('heading', { name: 'Alternanza scuola-lavoro', level: 1 })).toBeVisible();

    // The order of docs/product.md#school-services, whatever order the answer had.
    const expected = [...projects]
      .sort((a, b) => Number(b.stato === 'PROPOSTO') - Number(a.stato === 'PROPOSTO') || b.data_inizio.localeCompare(a.data_inizio) || a.titolo.localeCompare(b.titolo, 'it'))
      .map((p) => String(p.id));
    expect(projects.length).toBeGreaterThan(0);
    const cards = page.locator('li[data-progetto]');
    await expect(cards).toHaveCount(projects.length);
    expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-progetto')))).toEqual(expected);

    // docs/product.md#school-services: Iscriviti on PROPOSTO + prenotabile, Annulla iscrizione on PROPOSTO + not prenotabile, nothing else.
    for (const p of projects) {
      const card = page.locator(`li[data-progetto="${p.id}"]`);
      await expect(card.getByRole('button', { name: /^Iscriviti/ })).toHaveCount(p.stato === 'PROPOSTO' && p.prenotabile ? 1 : 0);
      await expect(card.getByRole('button', { name: /^Annulla iscrizione/ })).toHaveCount(p.stato === 'PROPOSTO' && !p.prenotabile ? 1 : 0);
    }
    expect(projects.some((p) => p.stato !== 'PROPOSTO')).toBe(true);

    const open = projects.find((p) => p.stato === 'PROPOSTO' && p.prenotabile)!;
    const card = page.locator(`li[data-progetto="${open.id}"]`);
    await card.getByRole('button', { name: /^Iscriviti/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Iscriversi al progetto?' });
    await expect(dialog).toContainText(open.titolo);
    await expectNoAxeViolations(page);
    // Dismissed: nothing sent, nothing changed.
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('button', { name: /^Iscriviti/ })).toBeVisible();

    await card.getByRole('button', { name: /^Iscriviti/ }).click();
    await dialog.getByRole('button', { name: 'Iscriviti' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Iscrizione al progetto «${open.titolo}» effettuata.` })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Annulla iscrizione/ })).toBeVisible();
    await page.reload();
    await expect(card.getByRole('button', { name: /^Annulla iscrizione/ })).toBeVisible();

    await card.getByRole('button', { name: /^Annulla iscrizione/ }).click();
    const confirm = page.getByRole('alertdialog', { name: "Annullare l'iscrizione?" });
    await confirm.getByRole('button', { name: 'Annulla iscrizione' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Iscrizione al progetto «${open.titolo}» annullata.` })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Iscriviti/ })).toBeVisible();
  });

  test('a refused subscription says why and leaves the list as it was', async ({ page, request }) => {
    await openSignedIn(page, '/alternanza');
    const card = page.locator('li[data-progetto]').filter({ has: page.getByRole('button', { name: /^Iscriviti/ }) }).last();
    const id = await card.getAttribute('data-progetto');
    const button = page.locator(`li[data-progetto="${id}"]`).getByRole('button', { name: /^Iscriviti/ });
    await request.post('/__test__/guasti', { data: { metodo: 'PUT', percorso: `/alternanzaweb/${id}$`, stato: 409, error: 'Posti esauriti per questo progetto' } });
    await button.click();
    await page.getByRole('alertdialog', { name: 'Iscriversi al progetto?' }).getByRole('button', { name: 'Iscriviti' }).click();
    await expect(page.getByRole('alert')).toHaveText('Posti esauriti per questo progetto');
    await expect(page.locator(`li[data-progetto="${id}"]`).getByRole('button', { name: /^Iscriviti/ })).toBeVisible();
  });
});

test.describe('elections and documents', () => {
  test('elections newest first with lists and candidates; documents newest first, downloaded with the token in a header only', async ({ page }) => {
    await signIn(page);
    const elections = page.waitForResponse((r) => r.url().endsWith(`${studentApi}/elezioni`));
    await page.goto('/elezioni');
    const list: { id: number; data_inizio: string; stato: string; liste: { nome: string }[] }[] = await (await elections).json();
    expect(list.length).toBeGreaterThan(0);
    const cards = page.locator('li[data-elezione]');
    await expect(cards).toHaveCount(list.length);
    const expected = [...list].sort((a, b) => Date.parse(b.data_inizio) - Date.parse(a.data_inizio)).map((e) => String(e.id));
    expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-elezione')))).toEqual(expected);
    for (const e of list) {
      const card = page.locator(`li[data-elezione="${e.id}"]`);
      await expect(card.getByText('Votazioni in corso')).toHaveCount(e.stato === 'APERTA' ? 1 : 0);
      for (const l of e.liste) await expect(card.getByRole('heading', { name: new RegExp(`· ${l.nome}$`) })).toBeVisible();
    }
    await expectNoAxeViolations(page);

    await page.goto('/documenti');
    await expect(page.getByRole('heading', { name: 'Documenti', level: 1 })).toBeVisible();
    const rows = page.locator('[data-documento]');
    await expect(rows.first()).toBeVisible();
    const days = (await rows.evaluateAll((els) => els.map((e) => e.textContent ?? ''))).map((t) => /(\d{2})-(\d{2})-(\d{4})/.exec(t)!.slice(1).reverse().join('-'));
    expect(days).toEqual([...days].sort().reverse());
    await expectNoAxeViolations(page);

    const first = rows.first();
    const title = (await first.getByRole('button', { name: /^Scarica / }).getAttribute('aria-label'))!.replace('Scarica ', '');
    const seen = page.waitForRequest((r) => /\/documenti\/\d+$/.test(new URL(r.url()).pathname));
    const [download] = await Promise.all([page.waitForEvent('download'), first.getByRole('button', { name: `Scarica ${title}` }).click()]);
    const request = await seen;
    expect(request.headers()['authorization']).toMatch(/^JWT \S+/);
    expect(request.url()).not.toContain(request.headers()['authorization']!.slice(4));
    expect(download.suggestedFilename()).toMatch(/\.(pdf|txt)$/);
    const body = await readFile((await download.path())!);
    expect(body.length).toBeGreaterThan(0);
  });
});
